import { Navigate, Outlet, useLocation } from 'react-router';
import { type Access, guardRedirect, stripLanguage } from './guard';
import { useSession } from './session';
import { useLang } from './use-lang';

/** A layout route that lets a visitor in by the route's access rule, or redirects them. */
export function Guard({ access }: { access: Access }) {
  const session = useSession();
  const lang = useLang();
  const location = useLocation();
  const target = guardRedirect(
    access,
    session.status,
    lang,
    stripLanguage(location.pathname, location.search),
    // A server render (server-render.tsx) has no window; its addresses are the app's own anyway.
    typeof window === 'undefined' ? 'http://plaza.invalid' : window.location.origin,
  );
  return target ? <Navigate to={target} replace /> : <Outlet />;
}
