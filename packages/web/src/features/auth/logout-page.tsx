import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LightProgress } from '../../app/light/progress';
import { sessionQuery } from '../../app/session';
import { useLang } from '../../app/use-lang';
import { call } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';
import { unsubscribeFromPush } from '../../lib/push';

/** Signs out, forgets everything cached for the member, then goes to sign-in. */
export function LogoutPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const client = useQueryClient();
  useEffect(() => {
    let active = true;
    // This browser stops getting the member's pushes before the session ends (the call needs it).
    unsubscribeFromPush()
      .catch(() => undefined)
      .then(() => call(routes.auth.logout))
      .catch(() => undefined)
      .then(async () => {
        client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
        await client.fetchQuery({ ...sessionQuery, staleTime: 0 });
        if (active) navigate(`/${lang}/login`, { replace: true });
      });
    return () => {
      active = false;
    };
  }, [client, lang, navigate]);
  return <LightProgress label={t('auth.logout.pending')} />;
}
