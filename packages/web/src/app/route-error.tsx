import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from './chunk-error';

/** The last line of defence: a reload prompt for chunk-load failures, a general error otherwise. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 8 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {chunk
          ? t('app.chunk_error.title', { defaultValue: 'A new version is available' })
          : t('app.error.title', { defaultValue: 'Something went wrong' })}
      </Typography>
      <Alert severity={chunk ? 'info' : 'error'} sx={{ mb: 3 }}>
        {chunk
          ? t('app.chunk_error.text', {
              defaultValue: 'Part of the app could not be loaded. Please reload the page.',
            })
          : t('app.error.text', { defaultValue: 'The page could not be shown. Please try again.' })}
      </Alert>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('app.reload', { defaultValue: 'Reload' })}
      </Button>
    </Container>
  );
}
