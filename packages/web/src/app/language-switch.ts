import type { Locale, Settings } from '@plaza/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { call } from '../lib/api-client';
import { routes } from '../lib/endpoint-routes';
import { sessionQuery, useSession } from './session';

/** Whether the deployment offers the language choice: switched on, and more than one language. */
export function showsLanguageChanger(settings: Settings): boolean {
  return settings.show_language_changer && settings.languages.length > 1;
}

/** `DE` for de_DE: the language part of a locale, as phones show it in the select. */
export const shortCode = (locale: Locale) => locale.slice(0, 2).toUpperCase();

/**
 * Switches the language by swapping the `/{lang}` prefix of the current route. A signed-in member's
 * choice is saved too, so `/` opens in it and their notifications are worded in it; the page does not
 * wait for that, and a failed save leaves the switch as it is.
 */
export function useLanguageSwitch(): (next: Locale) => void {
  const { user } = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return (next) => {
    const rest = location.pathname.replace(/^\/[^/]+/, '');
    navigate(`/${next}${rest}${location.search}`);
    if (user) {
      call(routes.users.saveUserData, { params: { id: user.id }, body: { selected_language: next } }).then(
        () => client.invalidateQueries({ queryKey: sessionQuery.queryKey }),
        () => undefined,
      );
    }
  };
}
