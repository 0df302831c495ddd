import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { endpoints } from '@plaza/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../../app/use-lang';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { call } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { AuthLayout } from './auth-layout';
import { type ForgotForm, forgotFormSchema } from './schemas';

/** Asks for a reset link by email; the answer is the same whether or not the address is known. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ForgotForm>({ resolver: zodResolver(forgotFormSchema), defaultValues: { email: '' } });

  const submit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await call(endpoints.auth.forgotPassword, { body: { email } });
      setSent(true);
    } catch (caught) {
      setError(apiErrorText(t, caught));
    }
  });

  return (
    <AuthLayout title={t('auth.forgot.title')}>
      <FormMessage severity="error" text={error} onClose={() => setError(null)} />
      <FormMessage severity="success" text={sent ? t('auth.forgot.sent') : null} />
      <Typography sx={{ mb: 1 }}>{t('auth.forgot.text')}</Typography>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('auth.forgot.title')}>
        <FormField
          form={form}
          name="email"
          label={t('auth.forgot.email')}
          type="email"
          autoComplete="email"
          required
        />
        <Button
          type="submit"
          variant="contained"
          fullWidth
          size="large"
          sx={{ mt: 2 }}
          disabled={form.formState.isSubmitting}
        >
          {t('auth.forgot.submit')}
        </Button>
      </Box>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to={`/${lang}/login`}>
          {t('auth.back_to_login')}
        </Link>
      </Box>
    </AuthLayout>
  );
}
