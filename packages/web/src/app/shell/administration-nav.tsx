import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';
import { useLang } from '../use-lang';
import { DrawerLink } from './drawer-link';

/**
 * The administration in the navigation, under its own heading: the pages the session lists for the
 * member (members, CMS pages, TV displays; nothing for members without the rights, so nothing shows).
 */
export function AdministrationNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const items = useSession().administrationRoutes;
  if (items.length === 0) return null;
  return (
    <Box component="nav" aria-labelledby="administration-title" sx={{ mt: 1 }}>
      <Typography
        id="administration-title"
        component="h2"
        variant="overline"
        color="text.secondary"
        sx={{ display: 'block', px: 2, fontWeight: 600 }}
      >
        {t('menu.administration.title')}
      </Typography>
      <List sx={{ pt: 0 }}>
        {items.map((item) => (
          <ListItem key={item.key} disablePadding>
            <DrawerLink to={`/${lang}${item.link}`} title={item.title} onNavigate={onNavigate} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
