import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { dateFormats } from '@plaza/contract/constants';
import { type AdminPageListItem, type PageType, pageDraftSchema, pageTypes } from '@plaza/contract/pages';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../app/session';
import { useLang } from '../../app/use-lang';
import { AdminRowList } from '../../components/admin-row-list';
import { apiErrorText } from '../../lib/api-error-text';
import { formatDate } from '../../lib/dates';
import { adminPagesQuery, useCreatePage } from './api';
import { issueText } from './draft';
import { SelectInput, TextInput } from './fields';
import { StatusChips } from './status';

const isPageType = (value: string | null): value is PageType =>
  (pageTypes as readonly (string | null)[]).includes(value);

/** The page administration (`/{lang}/admin/pages`): every page, newest change first. Superadmins only. */
export function PageListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { user } = useSession();
  const superadmin = Boolean(user?.permissions.includes('superadmin'));
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const type = isPageType(typeParam) ? typeParam : null;
  const list = useInfiniteQuery({ ...adminPagesQuery(type), enabled: superadmin });
  const [creating, setCreating] = useState(false);

  if (!superadmin) return <Navigate to={`/${lang}/403`} replace />;
  const pages = list.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h1" sx={{ flex: 1 }}>
          {t('page_admin.title')}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
          {t('page_admin.new_page')}
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('page_admin.intro')}
      </Typography>
      <Box sx={{ maxWidth: 320, mb: 2 }}>
        <SelectInput
          label={t('page_admin.filter_type')}
          value={type ?? 'all'}
          options={[
            { value: 'all', label: t('page_admin.all_types') },
            ...pageTypes.map((value) => ({ value, label: t(`page_admin.types.${value}`) })),
          ]}
          onChange={(value) => setParams(value === 'all' ? {} : { type: value }, { replace: true })}
        />
      </Box>
      <AdminRowList
        label={t('page_admin.list')}
        list={list}
        count={pages.length}
        texts={{
          loading: t('page_admin.loading'),
          loadMore: t('page_admin.load_more'),
          retry: t('page_admin.retry'),
          empty: t('page_admin.no_pages'),
        }}
      >
        {pages.map((page) => (
          <PageRow key={page.id} page={page} />
        ))}
      </AdminRowList>
      <NewPageDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}

function PageRow({ page }: { page: AdminPageListItem }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Link
          component={RouterLink}
          to={`/${lang}/admin/pages/${page.id}`}
          sx={{ fontWeight: 600, fontSize: '1.05rem', overflowWrap: 'anywhere' }}
        >
          {page.title}
        </Link>
        <StatusChips status={page.status} changes={page.has_unpublished_changes} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {[
          t(`page_admin.types.${page.type}`),
          t(`page_admin.visibility.${page.visibility}`),
          ...page.assigned_as.map((key) => t(`page_admin.assignments.${key}`, { defaultValue: key })),
          t('page_admin.changed', { date: formatDate(page.updated_at, dateFormats.moment, lang) }),
        ].join(' · ')}
      </Typography>
    </Paper>
  );
}

const newPageSchema = pageDraftSchema.pick({ title: true, type: true });

/** Asks for the title and type of a new page, creates it and opens it in the editor. */
function NewPageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const titleId = useId();
  const create = useCreatePage();
  const [title, setTitle] = useState('');
  const [type, setType] = useState<PageType>('page');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    if (create.isPending) return;
    setTitle('');
    setType('page');
    setError(undefined);
    create.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const checked = newPageSchema.safeParse({ title, type });
          if (!checked.success) {
            const issue = checked.error.issues[0];
            setError(issue ? issueText(t, issue) : undefined);
            return;
          }
          setError(undefined);
          create.mutate(checked.data, {
            onSuccess: (page) => navigate(`/${lang}/admin/pages/${page.id}`),
          });
        }}
      >
        <DialogTitle id={titleId}>{t('page_admin.new_page')}</DialogTitle>
        <DialogContent>
          <TextInput
            label={t('page_admin.fields.page_title')}
            value={title}
            onChange={setTitle}
            error={error}
            required
          />
          <SelectInput
            label={t('page_admin.fields.type')}
            value={type}
            options={pageTypes.map((value) => ({ value, label: t(`page_admin.types.${value}`) }))}
            onChange={setType}
          />
          {create.isError && (
            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
              {apiErrorText(t, create.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={create.isPending}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('page_admin.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
