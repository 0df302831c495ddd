import { lazy } from 'react';
import { Navigate } from 'react-router';
import { loginPath, rootView } from '../guard';
import { useSession } from '../session';
import { useLang } from '../use-lang';
import { LandingPage } from './landing-page';

const loadDashboard = () => import('./dashboard-view');
const DashboardView = lazy(loadDashboard);
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
