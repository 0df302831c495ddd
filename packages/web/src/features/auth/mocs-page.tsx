import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LightProgress } from '../../app/light/progress';
import { useLang } from '../../app/use-lang';

/** The server's start of the single sign-on, for the page's `provider` (default the OpenID one). */
export function mocsUrl(lang: string, query: URLSearchParams): string {
  const params = new URLSearchParams({
    provider: query.get('provider') ?? 'oidc',
    redirect: query.get('redirect') ?? `/${lang}`,
  });
  return `/api/v2/auth/mocs?${params}`;
}

/** `/{lang}/mocs`: sends the browser to the server's sign-in start (a full navigation, to the provider). */
export function MocsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [query] = useSearchParams();
  useEffect(() => {
    window.location.assign(mocsUrl(lang, query));
  }, [lang, query]);
  return <LightProgress label={t('auth.login.sso_default')} />;
}
