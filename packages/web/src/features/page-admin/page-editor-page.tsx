import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useSession } from '../../app/session';
import { useLang } from '../../app/use-lang';
import { apiErrorText } from '../../lib/api-error-text';
import { adminPageQuery } from './api';
import { BackLink } from './editor-layout';
import { PageEditor } from './page-editor';

/** The page editor (`/{lang}/admin/pages/{id}`): superadmins only. */
export function PageEditorPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { user } = useSession();
  const id = Number(useParams().id);
  const superadmin = Boolean(user?.permissions.includes('superadmin'));
  const valid = Number.isInteger(id) && id > 0;
  const page = useQuery({ ...adminPageQuery(id), enabled: superadmin && valid });
  if (!superadmin) return <Navigate to={`/${lang}/403`} replace />;
  if (!valid) return <Navigate to={`/${lang}/404`} replace />;
  if (page.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('page_admin.loading')} />
      </Box>
    );
  }
  if (page.isError) {
    return (
      <>
        <BackLink />
        <Alert severity="error" sx={{ mt: 2 }}>
          {apiErrorText(t, page.error)}
        </Alert>
      </>
    );
  }
  return <PageEditor key={page.data.id} page={page.data} />;
}
