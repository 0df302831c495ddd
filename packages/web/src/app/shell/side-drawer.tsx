import Logout from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/Settings';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ShellSearchBox } from '../../features/search/shell-search-box';
import { useSession } from '../session';
import { useLang } from '../use-lang';
import { AdministrationNav } from './administration-nav';
import { DrawerLink } from './drawer-link';
import { navigationHref } from './nav-path';

/** The side drawer: own avatar and name, settings and logout, search, main navigation. */
export function SideDrawerContent({
  onOpenSettings,
  onNavigate,
}: {
  /** Opens the settings from the gear (the wide-screen panel hangs below it). */
  onOpenSettings: (gear: HTMLElement) => void;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const session = useSession();
  const user = session.user!;
  const name = `${user.firstname} ${user.lastname}`.trim();

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {session.settings.show_company_logo && (
        <Box sx={{ p: 2 }}>
          <RouterLink
            to={`/${lang}`}
            onClick={onNavigate}
            aria-label={`${session.settings.company.name}, ${t('app.home')}`}
          >
            {session.settings.company.logo_url ? (
              <Box
                component="img"
                src={session.settings.company.logo_url}
                alt={session.settings.company.name}
                sx={{ maxHeight: 40 }}
              />
            ) : (
              <Typography component="span" variant="h6" color="primary" sx={{ fontWeight: 700 }}>
                {session.settings.company.name}
              </Typography>
            )}
          </RouterLink>
        </Box>
      )}
      <Box sx={{ px: 2, pb: 2, display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
        <Avatar src={user.img_path ?? undefined} alt="" sx={{ width: 48, height: 48 }}>
          {name.slice(0, 1)}
        </Avatar>
        {/* The name gets the drawer's width beside the avatar and wraps between words only; the
            actions sit below it, so a normal name is never broken mid-word. */}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={`/${lang}${user.profile_url}`}
            onClick={onNavigate}
            sx={{ display: 'block', fontWeight: 600, overflowWrap: 'break-word', pt: 0.5 }}
          >
            {name}
          </Link>
          <Box sx={{ display: 'flex', gap: 0.5, ml: -1 }}>
            <IconButton
              onClick={(event) => onOpenSettings(event.currentTarget)}
              aria-label={t('app.settings.open')}
            >
              <SettingsIcon />
            </IconButton>
            {!session.settings.single_sign_on && (
              <IconButton component={RouterLink} to={`/${lang}/logout`} aria-label={t('app.logout')}>
                <Logout />
              </IconButton>
            )}
          </Box>
        </Box>
      </Box>
      {/* With the extended search the app bar's search bar takes the place of this box. */}
      {session.settings.advanced_search.type === 'basic' && (
        <Box sx={{ px: 2, pb: 1 }}>
          <ShellSearchBox onNavigate={onNavigate} />
        </Box>
      )}
      <Box component="nav" aria-label={t('app.navigation')}>
        <List>
          {session.routes.map((item) => (
            <ListItem key={`${item.type}-${item.reference_id ?? item.title}`} disablePadding>
              {item.type === 'external' ? (
                <ListItemButton
                  component="a"
                  href={navigationHref(item, lang)}
                  target={item.target}
                  rel="noopener"
                >
                  <ListItemText primary={item.title} />
                </ListItemButton>
              ) : (
                <DrawerLink
                  to={navigationHref(item, lang)}
                  title={item.title}
                  end={item.type === 'dashboard'}
                  onNavigate={onNavigate}
                />
              )}
            </ListItem>
          ))}
        </List>
      </Box>
      <AdministrationNav onNavigate={onNavigate} />
    </Box>
  );
}
