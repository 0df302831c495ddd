import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import type { Theme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink } from 'react-router';
import { HydrateApart } from '../../components/hydrate-apart';
import { ChatButton } from '../../features/chat/chat-button';
import { usePushSubscription } from '../../lib/push';
import { useMedia } from '../../lib/use-media';
import { lazyChunk } from '../chunk-error';
import { LightProgress } from '../light/progress';
import { MuiTheme } from '../mui-theme';
import { useSession } from '../session';
import { useLang } from '../use-lang';
import { BackToTop } from './back-to-top';
import { CartLink } from './cart-link';
import { Footer } from './footer';
import { LanguageChanger } from './language-changer';
import { NotificationBell } from './notification-bell';
import { SettingsDrawer } from './settings-drawer';
import { SideDrawerContent } from './side-drawer';

const drawerWidth = 280;

/** The extended search bar, loaded only where the settings ask for it. */
const ExtendedSearchBar = lazyChunk(() =>
  import('./extended-search-bar').then((module) => module.ExtendedSearchBar),
);

/** The app shell in the customer's MUI theme (the pages inside it use MUI). */
export function AppShell() {
  return (
    <MuiTheme>
      <ShellLayout />
    </MuiTheme>
  );
}

/** Side drawer (permanent on wide screens), mobile app bar, settings drawer, footer. */
function ShellLayout() {
  const { t } = useTranslation();
  const lang = useLang();
  const session = useSession();
  const signedIn = session.status === 'authenticated';
  const [mobileOpen, setMobileOpen] = useState(false);
  const [settingsAnchor, setSettingsAnchor] = useState<HTMLElement | null>(null);
  // While the extended search is active its dark layer covers the page and the drawer, not the app bar.
  const [searchActive, setSearchActive] = useState(false);
  const extendedSearch = signedIn && session.settings.advanced_search.type === 'extended';
  usePushSubscription(session.settings.vapid_public_key, signedIn);
  const closeSettings = useCallback(() => setSettingsAnchor(null), []);
  const closeMobile = useCallback(() => setMobileOpen(false), []);
  const openSettings = useCallback((gear: HTMLElement) => {
    setMobileOpen(false);
    setSettingsAnchor(gear);
  }, []);

  // One navigation is built: the permanent one on wide screens, the one that slides in on phones.
  const wide = useMedia((theme: Theme) => theme.breakpoints.up('md'));
  const drawer = signedIn && <SideDrawerContent onOpenSettings={openSettings} onNavigate={closeMobile} />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <a href="#main" className="skip-link">
        {t('app.skip_to_content')}
      </a>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{
          zIndex: searchActive ? (theme) => theme.zIndex.drawer + 2 : undefined,
          borderBottom: 1,
          borderColor: 'divider',
          width: signedIn ? { md: `calc(100% - ${drawerWidth}px)` } : '100%',
          ml: signedIn ? { md: `${drawerWidth}px` } : 0,
        }}
      >
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
          {signedIn && (
            <IconButton
              edge="start"
              onClick={() => setMobileOpen(true)}
              aria-label={t('app.open_navigation')}
              sx={{ display: { md: 'none' } }}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography
            component={RouterLink}
            to={`/${lang}`}
            variant="h6"
            color="primary"
            noWrap
            sx={{
              flexGrow: 1,
              minWidth: 0,
              fontWeight: 700,
              fontSize: { xs: '1.05rem', sm: '1.25rem' },
              textDecoration: 'none',
              display: signedIn ? { md: 'none' } : 'block',
            }}
          >
            {session.settings.company.name}
          </Typography>
          {extendedSearch && (
            <Suspense fallback={null}>
              <ExtendedSearchBar onActiveChange={setSearchActive} />
            </Suspense>
          )}
          <Box sx={{ flexGrow: 1, display: signedIn ? { xs: 'none', md: 'block' } : 'none' }} />
          {signedIn && <CartLink />}
          {signedIn && <ChatButton />}
          {signedIn && <NotificationBell />}
          <HydrateApart>
            <LanguageChanger />
          </HydrateApart>
        </Toolbar>
      </AppBar>
      {signedIn && (
        <Box component="aside" sx={{ width: { md: drawerWidth }, flexShrink: { md: 0 } }}>
          {wide ? (
            <Drawer variant="permanent" open sx={{ '& .MuiDrawer-paper': { width: drawerWidth } }}>
              {drawer}
            </Drawer>
          ) : (
            <Drawer
              variant="temporary"
              open={mobileOpen}
              onClose={closeMobile}
              // The phone's drawer is a dialog over the page: named like the navigation it holds.
              slotProps={{ paper: { role: 'dialog', 'aria-label': t('app.navigation') } }}
              sx={{ '& .MuiDrawer-paper': { width: drawerWidth } }}
            >
              {drawer}
            </Drawer>
          )}
          <SettingsDrawer open={settingsAnchor !== null} anchor={settingsAnchor} onClose={closeSettings} />
        </Box>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box
          component="main"
          id="main"
          tabIndex={-1}
          sx={{ flexGrow: 1, p: { xs: 2, md: 4 }, outline: 'none' }}
        >
          {/* The shell shows while the page's code loads; the page's room keeps the footer below the
              window meanwhile, so it does not jump down when the page appears. */}
          <Suspense
            fallback={
              <Box sx={{ minHeight: '100vh' }}>
                <LightProgress label={t('app.loading')} />
              </Box>
            }
          >
            <Outlet />
          </Suspense>
        </Box>
        <Footer />
      </Box>
      <BackToTop />
    </Box>
  );
}
