import type { AuthSession, ErrorCode } from '@plaza/contract';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang';

/** The single sign-on failures the server sends back to the sign-in page (`?sso_error=`). */
const ssoErrors: readonly ErrorCode[] = [
  'sso_failed',
  'sso_domain_not_allowed',
  'sso_no_account',
  'account_deactivated',
];

/** The text key of the page's `sso_error`, or null. */
export function ssoErrorKey(code: string | null): string | null {
  return code && (ssoErrors as readonly string[]).includes(code) ? `errors.codes.${code}` : null;
}

/** A provider's start address, returning to `target` (an app path) after signing in. */
const startUrl = (url: string, target: string) => `${url}&redirect=${encodeURIComponent(target)}`;

/**
 * The sign-in buttons of the providers the session offers: the organisation's OpenID provider (its own
 * label in the page's language), and the social ones in the variant sign-up. Each is a real link: the
 * browser leaves for the provider.
 */
export function SignInProviders({
  config,
  target,
}: {
  config: AuthSession['signup_config'];
  target: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const social = config.type === 'variant' ? config.social : [];
  if (!config.oidc && social.length === 0) return null;
  return (
    <div style={{ marginTop: 24, display: 'grid', gap: 8 }}>
      {config.local_passwords && (
        <div className="pz-divider">
          <span>{t('auth.login.or')}</span>
        </div>
      )}
      {config.oidc && (
        <a className="pz-button pz-button--contained" href={startUrl(config.oidc.url, target)}>
          {config.oidc.label[lang] || t('auth.login.sso_default')}
        </a>
      )}
      {social.map((provider) => (
        <a
          key={provider.type}
          className="pz-button pz-button--outlined"
          href={startUrl(provider.url, target)}
        >
          {t(`auth.login.social.${provider.type}`)}
        </a>
      ))}
    </div>
  );
}
