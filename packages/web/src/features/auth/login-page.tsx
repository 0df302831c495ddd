import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { endpoints, validationMessageKeys } from '@plaza/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { afterLoginTarget } from '../../app/guard';
import { useRefreshSession, useSession } from '../../app/session';
import { useLang } from '../../app/use-lang';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { call } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { AuthLayout } from './auth-layout';
import { type LoginForm, loginFormSchema } from './schemas';

/** Sign-in by username or email (per settings), with the terms/NDA box when the member has not accepted yet. */
export function LoginPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const session = useSession();
  const refreshSession = useRefreshSession();
  const [ndaShown, setNdaShown] = useState(session.status === 'agb_pending');
  const [error, setError] = useState<string | null>(null);
  const byEmail = session.settings.login_options.login_identifier === 'email';
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema(ndaShown)),
    defaultValues: { identifier: '', password: '', nda: false },
  });
  const ndaError = form.formState.errors.nda?.message;
  const termsId = session.settings.pages.terms;

  const finish = async () => {
    await refreshSession();
    navigate(afterLoginTarget(lang, query.get('redirect'), query.get('next'), window.location.origin), {
      replace: true,
    });
  };

  const submit = form.handleSubmit(
    async ({ identifier, password, nda }) => {
      setError(null);
      try {
        const result = await call(endpoints.auth.login, {
          body: byEmail ? { email: identifier, password } : { username: identifier, password },
        });
        if (!result.agb_nda_accepted) {
          if (!ndaShown || !nda) {
            setNdaShown(true);
            setError(t(validationMessageKeys.agb));
            return;
          }
          await call(endpoints.auth.acceptNdaAgb, { body: { user_id: result.user.id } });
        }
        await finish();
      } catch (caught) {
        setError(apiErrorText(t, caught));
      }
    },
    () => setError(t(validationMessageKeys.requiredFields)),
  );

  return (
    <AuthLayout title={t('auth.login.title')}>
      <FormMessage severity="error" text={error} onClose={() => setError(null)} />
      <Box component="form" noValidate onSubmit={submit} aria-label={t('auth.login.title')}>
        <FormField
          form={form}
          name="identifier"
          label={byEmail ? t('auth.login.email') : t('auth.login.username')}
          autoComplete={byEmail ? 'email' : 'username'}
          type={byEmail ? 'email' : 'text'}
          required
          autoFocus
        />
        <FormField
          form={form}
          name="password"
          label={t('auth.login.password')}
          type="password"
          autoComplete="current-password"
          required
        />
        {ndaShown && (
          <Box sx={{ mt: 1 }}>
            <FormControlLabel
              control={
                <Checkbox
                  {...form.register('nda')}
                  slotProps={{ input: { 'aria-describedby': 'nda-error' } }}
                />
              }
              label={
                <Trans
                  i18nKey="auth.login.nda"
                  components={{
                    terms: termsId ? (
                      <Link href={`/${lang}/page/${termsId}`} target="_blank" rel="noopener" />
                    ) : (
                      <span />
                    ),
                  }}
                />
              }
            />
            {ndaError && (
              <FormHelperText error id="nda-error">
                {t(String(ndaError))}
              </FormHelperText>
            )}
          </Box>
        )}
        <Button
          type="submit"
          variant="contained"
          fullWidth
          size="large"
          sx={{ mt: 2 }}
          disabled={form.formState.isSubmitting}
        >
          {t('auth.login.submit')}
        </Button>
      </Box>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to={`/${lang}/forgot_password`}>
          {t('auth.login.forgot')}
        </Link>
      </Box>
      {session.signup_config.type === 'variant' && session.signup_config.social.length > 0 && (
        <Box sx={{ mt: 3, display: 'grid', gap: 1 }}>
          <Divider>{t('auth.login.or')}</Divider>
          {session.signup_config.social.map((social) => (
            <Button key={social.type} variant="outlined" href={social.url}>
              {t(`auth.login.social.${social.type}`)}
            </Button>
          ))}
        </Box>
      )}
      {session.settings.signup_configuration.active && (
        <Box sx={{ mt: 3, p: 2, borderRadius: 1, bgcolor: 'action.hover' }}>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
            {t('auth.login.registration.title')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('auth.login.registration.text')}
          </Typography>
          <Button component={RouterLink} to={`/${lang}/registration`} variant="text">
            {t('auth.login.registration.link')}
          </Button>
        </Box>
      )}
    </AuthLayout>
  );
}
