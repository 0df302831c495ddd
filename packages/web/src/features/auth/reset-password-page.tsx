import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LightButton } from '../../app/light/button';
import { LightTextField } from '../../app/light/text-field';
import { useRefreshSession } from '../../app/session';
import { useLang } from '../../app/use-lang';
import { FormMessage } from '../../components/form-message';
import { call } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { routes } from '../../lib/endpoint-routes';
import { AuthLayout } from './auth-layout';
import { type ResetForm, resetFormSchema } from './schemas';

/**
 * Sets a new password from the mailed link (query user_id and hash); an invitation's link (`invite=1`)
 * greets the new member instead.
 */
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
  const invited = query.get('invite') === '1';
  const title = invited ? t('auth.reset.invite_title') : t('auth.reset.title');

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await call(routes.auth.resetPassword, { body: { user_id: userId, hash, ...values } });
      setDone(true);
      await refreshSession();
    } catch (caught) {
      setError(apiErrorText(t, caught));
    }
  });

  return (
    <AuthLayout title={title}>
      <FormMessage severity="error" text={linkValid ? error : t('errors.codes.reset_link_invalid')} />
      <FormMessage severity="success" text={done ? t('auth.reset.done') : null} />
      {invited && linkValid && !done && <p className="pz-body1">{t('auth.reset.invite_text')}</p>}
      {linkValid && !done && (
        <form noValidate onSubmit={submit} aria-label={title}>
          <LightTextField
            form={form}
            name="new_password"
            label={t('auth.password.new')}
            type="password"
            autoComplete="new-password"
            required
            helperText={t('auth.password.rule')}
          />
          <LightTextField
            form={form}
            name="new_password_confirm"
            label={t('auth.password.confirm')}
            type="password"
            autoComplete="new-password"
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
            {t('auth.reset.submit')}
          </LightButton>
        </form>
      )}
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link className="pz-link" to={`/${lang}/login`}>
          {t('auth.back_to_login')}
        </Link>
      </div>
    </AuthLayout>
  );
}
