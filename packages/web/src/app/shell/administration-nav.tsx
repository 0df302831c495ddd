import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../session';
import { useLang } from '../use-lang';

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
    <Box component="nav" aria-labelledby="administration-title">
      <List
        subheader={
          <ListSubheader
            id="administration-title"
            component="h2"
            sx={{ bgcolor: 'transparent', lineHeight: 2.5 }}
          >
            {t('menu.administration.title')}
          </ListSubheader>
        }
      >
        {items.map((item) => (
          <ListItem key={item.key} disablePadding>
            <ListItemButton
              component={NavLink}
              to={`/${lang}${item.link}`}
              onClick={onNavigate}
              sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
            >
              <ListItemText primary={item.title} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
