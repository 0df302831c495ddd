import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type AdminDocumentKey, adminDocumentKeys, type DocumentVersion } from '@plaza/contract/admin';
import { dateFormats } from '@plaza/contract/constants';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLang } from '../../app/use-lang';
import { AdminRowList } from '../../components/admin-row-list';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Moment } from '../../components/moment';
import { apiErrorText } from '../../lib/api-error-text';
import { formatDate } from '../../lib/dates';
import { documentQuery, useRestoreVersion, versionsQuery } from './api';
import { ValueDiff } from './value-diff';

const isDocumentKey = (value: string | null): value is AdminDocumentKey =>
  (adminDocumentKeys as readonly (string | null)[]).includes(value);

/**
 * The `history` section: the versions of an administered document (`?document=`), newest first, each
 * with its author and date, its difference to the current value, and an undo to it after a confirmation.
 */
export function HistoryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const document = params.get('document');
  const key: AdminDocumentKey = isDocumentKey(document) ? document : 'settings';
  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('admin.history.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('admin.history.intro')}
      </Typography>
      <TextField
        select
        label={t('admin.history.document')}
        value={key}
        onChange={(event) => setParams({ document: event.target.value }, { replace: true })}
        sx={{ mb: 3, minWidth: 260 }}
      >
        {adminDocumentKeys.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`admin.history.documents.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      <Versions key={key} documentKey={key} />
    </>
  );
}

function Versions({ documentKey }: { documentKey: AdminDocumentKey }) {
  const { t } = useTranslation();
  const lang = useLang();
  const versions = useInfiniteQuery(versionsQuery(documentKey));
  const current = useQuery(documentQuery(documentKey));
  const restore = useRestoreVersion(documentKey);
  const [restoring, setRestoring] = useState<DocumentVersion | null>(null);
  const [restored, setRestored] = useState(false);
  const list = versions.data?.pages.flatMap((page) => page.results) ?? [];
  const currentId = current.data?.version_id ?? list[0]?.id;
  return (
    <>
      <Box role="status" sx={{ mb: restored ? 2 : 0 }}>
        {restored && <Alert severity="success">{t('admin.history.restored')}</Alert>}
      </Box>
      <AdminRowList
        label={t('admin.history.list')}
        list={versions}
        count={list.length}
        texts={{
          loading: t('admin.loading'),
          loadMore: t('admin.more'),
          retry: t('admin.retry'),
          empty: t('admin.history.empty'),
        }}
      >
        {list.map((version) => (
          <VersionRow
            key={version.id}
            version={version}
            current={version.id === currentId}
            currentValue={current.data?.value}
            onRestore={() => {
              restore.reset();
              setRestored(false);
              setRestoring(version);
            }}
          />
        ))}
      </AdminRowList>
      <ConfirmDialog
        open={restoring !== null}
        title={t('admin.history.confirm.title')}
        text={t('admin.history.confirm.text', {
          date: restoring ? formatDate(restoring.created_at, dateFormats.moment, lang) : '',
        })}
        confirmLabel={t('admin.history.restore')}
        pending={restore.isPending}
        error={restore.isError ? apiErrorText(t, restore.error) : null}
        onClose={() => setRestoring(null)}
        onConfirm={() =>
          restoring &&
          restore.mutate(restoring.id, {
            onSuccess: () => {
              setRestoring(null);
              setRestored(true);
            },
          })
        }
      />
    </>
  );
}

function VersionRow({
  version,
  current,
  currentValue,
  onRestore,
}: {
  version: DocumentVersion;
  current: boolean;
  currentValue: unknown;
  onRestore: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panel = `version-${version.id}`;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>
          <Moment value={version.created_at} />
        </Typography>
        <Typography color="text.secondary">{version.author?.name ?? t('admin.history.no_author')}</Typography>
        {current && <Chip size="small" color="primary" label={t('admin.history.current')} />}
        {version.restored_from !== null && (
          <Chip size="small" label={t('admin.history.restored_from', { id: version.restored_from })} />
        )}
        <Box sx={{ flex: 1 }} />
        <Button aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
          {t(open ? 'admin.history.hide' : 'admin.history.show')}
        </Button>
        {!current && (
          <Button variant="outlined" onClick={onRestore}>
            {t('admin.history.restore')}
          </Button>
        )}
      </Box>
      {open && (
        <Box id={panel} sx={{ mt: 1 }}>
          <ValueDiff
            from={currentValue}
            to={version.value}
            label={t('admin.history.diff_label')}
            legend={t('admin.history.diff_legend')}
          />
        </Box>
      )}
    </Paper>
  );
}
