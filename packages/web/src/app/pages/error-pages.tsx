import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useLang } from '../use-lang';

function ErrorLayout({ title, text, back }: { title: string; text: string; back: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      <Typography sx={{ mb: 3 }}>{text}</Typography>
      <Button variant="contained" onClick={back}>
        {t('errors.pages.back')}
      </Button>
    </Paper>
  );
}

/** Back to the previous route when there is one in this tab, else to the dashboard. */
function useBack() {
  const navigate = useNavigate();
  const lang = useLang();
  return () => (window.history.state?.idx > 0 ? navigate(-1) : navigate(`/${lang}`));
}

/** 403: access denied. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <ErrorLayout
      title={t('errors.pages.forbidden.title')}
      text={t('errors.pages.forbidden.text')}
      back={useBack()}
    />
  );
}

/** 404: not found. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <ErrorLayout
      title={t('errors.pages.not_found.title')}
      text={t('errors.pages.not_found.text')}
      back={useBack()}
    />
  );
}

/** General error; title and text may come from the query (title, error, description). */
export function GeneralErrorPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const title = query.get('title') ?? t('errors.pages.general.title');
  const text = query.get('description') ?? query.get('error') ?? t('errors.pages.general.text');
  return <ErrorLayout title={title} text={text} back={useBack()} />;
}

/** Search found nothing; back goes one step back. */
export function ResultNotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorLayout
      title={t('errors.pages.result_not_found.title')}
      text={t('errors.pages.result_not_found.text')}
      back={() => navigate(-1)}
    />
  );
}
