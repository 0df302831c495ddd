import { validationMessageKeys } from '@plaza/contract/errors';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { afterLoginTarget } from '../../app/guard';
import { LightButton, LightButtonLink } from '../../app/light/button';
import { LightCheckbox } from '../../app/light/checkbox';
import { LightTextField } from '../../app/light/text-field';
import { usePageTitle } from '../../app/page-title';
import { useRefreshSession, useSession } from '../../app/session';
import { useLang } from '../../app/use-lang';
import { FormMessage } from '../../components/form-message';
import { call } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { routes } from '../../lib/endpoint-routes';
import { pageOrigin } from '../../lib/page-origin';
import { AuthLayout } from './auth-layout';
import { type LoginForm, loginRules } from './login-rules';
import { SignInProviders, ssoErrorKey } from './sign-in-providers';

/** A link opening in a new tab; Trans fills in its text. */
function NewTabLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a className="pz-link" href={href} target="_blank" rel="noopener">
      {children}
    </a>
  );
}

/** Sign-in by username or email (per settings), with the terms/NDA box when the member has not accepted yet. */
export function LoginPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const session = useSession();
  const refreshSession = useRefreshSession();
  const [ndaShown, setNdaShown] = useState(session.status === 'agb_pending');
  const ssoError = ssoErrorKey(query.get('sso_error'));
  const [error, setError] = useState<string | null>(ssoError && t(ssoError));
  // Signed in (through a provider, say) without having accepted the terms: only the terms remain.
  const signedIn = session.status === 'agb_pending' ? session.user : null;
  // With passwords off, the form is for administrators only: shown on asking.
  const [passwordShown, setPasswordShown] = useState(
    session.signup_config.local_passwords || Boolean(signedIn),
  );
  const byEmail = session.settings.login_options.login_identifier === 'email';
  const rules = loginRules(ndaShown);
  const form = useForm<LoginForm>({
    defaultValues: { identifier: '', password: '', nda: false },
  });
  const ndaError = form.formState.errors.nda?.message;
  const termsId = session.settings.pages.terms;
  // The root view shows this page to visitors under the dashboard's route.
  usePageTitle(t('auth.login.title'));

  const target = afterLoginTarget(lang, query.get('redirect'), query.get('next'), pageOrigin());
  const finish = async () => {
    await refreshSession();
    navigate(target, { replace: true });
  };

  const submit = form.handleSubmit(
    async ({ identifier, password, nda }) => {
      setError(null);
      try {
        if (signedIn) {
          await call(routes.auth.acceptNdaAgb, { body: { user_id: signedIn.id } });
          await finish();
          return;
        }
        const result = await call(routes.auth.login, {
          body: byEmail ? { email: identifier.trim(), password } : { username: identifier.trim(), password },
        });
        if (!result.agb_nda_accepted) {
          if (!ndaShown || !nda) {
            setNdaShown(true);
            setError(t(validationMessageKeys.agb));
            return;
          }
          await call(routes.auth.acceptNdaAgb, { body: { user_id: result.user.id } });
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
      {!passwordShown && <p className="pz-body2">{t('auth.login.sso_only')}</p>}
      {!session.signup_config.local_passwords && !signedIn && (
        <SignInProviders config={session.signup_config} target={target} />
      )}
      {passwordShown ? (
        <>
          <form noValidate onSubmit={submit} aria-label={t('auth.login.title')}>
            {!signedIn && (
              <>
                <LightTextField
                  form={form}
                  name="identifier"
                  label={byEmail ? t('auth.login.email') : t('auth.login.username')}
                  rules={rules.identifier}
                  autoComplete={byEmail ? 'email' : 'username'}
                  type={byEmail ? 'email' : 'text'}
                  required
                  autoFocus
                />
                <LightTextField
                  form={form}
                  name="password"
                  label={t('auth.login.password')}
                  type="password"
                  rules={rules.password}
                  autoComplete="current-password"
                  required
                />
              </>
            )}
            {ndaShown && (
              <div style={{ marginTop: 8 }}>
                <LightCheckbox
                  {...form.register('nda', rules.nda)}
                  aria-describedby="nda-error"
                  label={
                    <Trans
                      i18nKey="auth.login.nda"
                      components={{
                        terms: termsId ? <NewTabLink href={`/${lang}/page/${termsId}`} /> : <span />,
                      }}
                    />
                  }
                />
                {ndaError && (
                  <p className="pz-form-error" id="nda-error">
                    {t(String(ndaError))}
                  </p>
                )}
              </div>
            )}
            <LightButton
              type="submit"
              variant="contained"
              fullWidth
              size="large"
              style={{ marginTop: 16 }}
              disabled={form.formState.isSubmitting}
            >
              {t('auth.login.submit')}
            </LightButton>
          </form>
          <div style={{ marginTop: 16, textAlign: 'center' }}>
            <Link className="pz-link" to={`/${lang}/forgot_password`}>
              {t('auth.login.forgot')}
            </Link>
          </div>
        </>
      ) : (
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <button type="button" className="pz-link pz-link-button" onClick={() => setPasswordShown(true)}>
            {t('auth.login.admin_sign_in')}
          </button>
        </div>
      )}
      {session.signup_config.local_passwords && !signedIn && (
        <SignInProviders config={session.signup_config} target={target} />
      )}
      {session.settings.signup_configuration.active && (
        <div
          style={{ marginTop: 24, padding: 16, borderRadius: 8, backgroundColor: 'var(--pz-action-hover)' }}
        >
          <h2 className="pz-h1" style={{ fontSize: '1.125rem', lineHeight: 1.2, marginBottom: 8 }}>
            {t('auth.login.registration.title')}
          </h2>
          <p className="pz-body2" style={{ marginBottom: 8 }}>
            {t('auth.login.registration.text')}
          </p>
          <LightButtonLink to={`/${lang}/registration`} variant="text">
            {t('auth.login.registration.link')}
          </LightButtonLink>
        </div>
      )}
    </AuthLayout>
  );
}
