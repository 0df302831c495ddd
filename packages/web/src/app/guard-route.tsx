import { Navigate, Outlet, useLocation } from 'react-router';
import { pageOrigin } from '../lib/page-origin';
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
    pageOrigin(),
  );
  return target ? <Navigate to={target} replace /> : <Outlet />;
}
