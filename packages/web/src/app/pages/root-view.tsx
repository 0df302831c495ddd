import { Navigate } from 'react-router';
import { lazyChunk } from '../chunk-error';
import { loginPath, rootView } from '../guard';
import { useSession } from '../session';
import { useLang } from '../use-lang';

// app/first-load starts loading the dashboard's code when the app opens on it.
const DashboardView = lazyChunk(() => import('./dashboard-view').then((module) => module.default));
// A visitor's page (when one is configured): members never load its code.
const LandingPage = lazyChunk(() => import('./landing-page').then((module) => module.LandingPage));

/** The root view: dashboard for members, the landing page for visitors when configured, else sign-in. */
export function RootView() {
  const session = useSession();
  const lang = useLang();
  const view = rootView(session.status, session.settings.pages.landing);
  if (view === 'dashboard') return <DashboardView />;
  if (view === 'landing') return <LandingPage />;
  return <Navigate to={loginPath(lang, '/')} replace />;
}
