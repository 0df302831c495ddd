import { lazy } from 'react';
import { Navigate } from 'react-router';
import { loginPath, rootView } from '../guard';
import { useSession } from '../session';
import { useLang } from '../use-lang';

const loadDashboard = () => import('./dashboard-view');
const DashboardView = lazy(loadDashboard);
// A visitor's page (when one is configured): members never load its code.
const LandingPage = lazy(() => import('./landing-page').then((module) => ({ default: module.LandingPage })));
// Who opens `/` is nearly always a member: the dashboard's code loads beside the session instead of after it.
loadDashboard().catch(() => undefined);

/** The root view: dashboard for members, the landing page for visitors when configured, else sign-in. */
export function RootView() {
  const session = useSession();
  const lang = useLang();
  const view = rootView(session.status, session.settings.pages.landing);
  if (view === 'dashboard') return <DashboardView />;
  if (view === 'landing') return <LandingPage />;
  return <Navigate to={loginPath(lang, '/')} replace />;
}
