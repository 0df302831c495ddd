import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';
import { useLang } from '../use-lang';
import { DrawerLink } from './drawer-link';

/**
 * The administration's own place in the navigation: one entry leading to `/{lang}/admin` (its sections
 * are listed there) for members the session gives any section; nothing for everyone else.
 */
export function AdministrationNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (useSession().administrationRoutes.length === 0) return null;
  return (
    <nav aria-label={t('menu.administration.title')}>
      <Divider sx={{ mt: 1 }} />
      <List>
        <ListItem disablePadding>
          <DrawerLink to={`/${lang}/admin`} title={t('menu.administration.title')} onNavigate={onNavigate} />
        </ListItem>
      </List>
    </nav>
  );
}
