import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { endpoints } from '@plaza/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useRefreshSession } from '../../app/session';
import { useLang } from '../../app/use-lang';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { call } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { AuthLayout } from './auth-layout';
import { type ResetForm, resetFormSchema } from './schemas';

/** Sets a new password from the mailed link (query user_id and hash). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [query] = useSearchParams();
  const refreshSession = useRefreshSession();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { new_password: '', new_password_confirm: '' },
  });
  const userId = Number(query.get('user_id'));
  const hash = query.get('hash') ?? '';
  const linkValid = Number.isInteger(userId) && userId > 0 && hash.length >= 16;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await call(endpoints.auth.resetPassword, { body: { user_id: userId, hash, ...values } });
      setDone(true);
      await refreshSession();
    } catch (caught) {
      setError(apiErrorText(t, caught));
    }
  });

  return (
    <AuthLayout title={t('auth.reset.title')}>
      <FormMessage severity="error" text={linkValid ? error : t('errors.codes.reset_link_invalid')} />
      <FormMessage severity="success" text={done ? t('auth.reset.done') : null} />
      {linkValid && !done && (
        <Box component="form" noValidate onSubmit={submit} aria-label={t('auth.reset.title')}>
          <FormField
            form={form}
            name="new_password"
            label={t('auth.password.new')}
            type="password"
            autoComplete="new-password"
            required
            helperText={t('auth.password.rule')}
          />
          <FormField
            form={form}
            name="new_password_confirm"
            label={t('auth.password.confirm')}
            type="password"
            autoComplete="new-password"
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
            {t('auth.reset.submit')}
          </Button>
        </Box>
      )}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to={`/${lang}/login`}>
          {t('auth.back_to_login')}
        </Link>
      </Box>
    </AuthLayout>
  );
}
