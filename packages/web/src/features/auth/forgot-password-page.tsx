import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LightButton } from '../../app/light/button';
import { LightTextField } from '../../app/light/text-field';
import { useLang } from '../../app/use-lang';
import { FormMessage } from '../../components/form-message';
import { call } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { routes } from '../../lib/endpoint-routes';
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
      await call(routes.auth.forgotPassword, { body: { email } });
      setSent(true);
    } catch (caught) {
      setError(apiErrorText(t, caught));
    }
  });

  return (
    <AuthLayout title={t('auth.forgot.title')}>
      <FormMessage severity="error" text={error} onClose={() => setError(null)} />
      <FormMessage severity="success" text={sent ? t('auth.forgot.sent') : null} />
      <p className="pz-body1" style={{ marginBottom: 8 }}>
        {t('auth.forgot.text')}
      </p>
      <form noValidate onSubmit={submit} aria-label={t('auth.forgot.title')}>
        <LightTextField
          form={form}
          name="email"
          label={t('auth.forgot.email')}
          type="email"
          autoComplete="email"
          required
        />
        <LightButton
          type="submit"
          variant="contained"
          fullWidth
          size="large"
          style={{ marginTop: 16 }}
          disabled={form.formState.isSubmitting}
        >
          {t('auth.forgot.submit')}
        </LightButton>
      </form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link className="pz-link" to={`/${lang}/login`}>
          {t('auth.back_to_login')}
        </Link>
      </div>
    </AuthLayout>
  );
}
