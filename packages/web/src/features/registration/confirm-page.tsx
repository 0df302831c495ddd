import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useLang } from '../../app/use-lang';
import { ApiRequestError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { useConfirmRegistration } from './api';

/**
 * `/{lang}/registration/confirm?token=` (the mailed link): confirms the account once. A card checkout's
 * `redirect` is followed by a full page load; otherwise the member signs in. A used, unknown or expired
 * link says so and offers to register again.
 */
export function ConfirmRegistrationPage({
  assign = (url: string) => window.location.assign(url),
}: {
  assign?: (url: string) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmRegistration();
  const sent = useRef(false);

  useEffect(() => {
    // Once per page: the link is single use, so a second call would answer "invalid".
    if (sent.current || token.length < 16) return;
    sent.current = true;
    confirm.mutate(token, {
      onSuccess: (answer) => {
        if (answer.redirect) assign(answer.redirect);
      },
    });
  }, [token, confirm, assign]);

  const invalid =
    token.length < 16 ||
    (confirm.error instanceof ApiRequestError && confirm.error.code === 'confirmation_link_invalid');

  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', px: 2, py: 6 }}>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 2 }}>
          {t('registration.confirm.title')}
        </Typography>
        {invalid ? (
          <>
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {t('registration.confirm.invalid')}
            </Alert>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <Button component={RouterLink} to={`/${lang}/registration`} variant="contained">
                {t('registration.confirm.register_again')}
              </Button>
              <Button component={RouterLink} to={`/${lang}/login`} variant="outlined">
                {t('registration.to_login')}
              </Button>
            </Box>
          </>
        ) : confirm.isError ? (
          <>
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {apiErrorText(t, confirm.error)}
            </Alert>
            <Button variant="outlined" onClick={() => confirm.mutate(token)}>
              {t('registration.retry')}
            </Button>
          </>
        ) : confirm.isSuccess ? (
          confirm.data.redirect ? (
            <Typography role="status">{t('registration.confirm.to_payment')}</Typography>
          ) : (
            <>
              <Alert severity="success" role="status" sx={{ mb: 2 }}>
                {t('registration.confirm.done')}
              </Alert>
              <Button component={RouterLink} to={`/${lang}/login`} variant="contained">
                {t('registration.to_login')}
              </Button>
            </>
          )
        ) : (
          <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <CircularProgress size={24} />
            <Typography>{t('registration.confirm.checking')}</Typography>
          </Box>
        )}
      </Paper>
    </Box>
  );
}
