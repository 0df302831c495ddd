import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/page-title';
import { useLang } from '../../app/use-lang';
import { RichHtml } from '../../components/rich-html';
import { formatDate } from '../../lib/dates';
import { useLoadFailureRedirect } from '../../lib/use-load-failure-redirect';
import { pageQuery } from './api/pages';

/** A CMS page (so far the legal pages): its title, its text and when it last changed. */
export function PageView({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { data: page, error } = useQuery(pageQuery(id));
  useLoadFailureRedirect(error);
  usePageTitle(page?.title);
  if (!page) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  return (
    <Box component="article" aria-labelledby="page-title" sx={{ maxWidth: 820 }}>
      <Typography id="page-title" variant="h1" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
        {page.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('app.page.updated', { date: formatDate(page.updated_at, 'DD.MM.YYYY', lang) })}
      </Typography>
      <RichHtml html={page.content} kind="article" />
    </Box>
  );
}
