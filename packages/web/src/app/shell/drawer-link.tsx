import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { NavLink } from 'react-router';

/** A page of the app in the side drawer's navigation, marked while it is open (`end`: only at its own address). */
export function DrawerLink({
  to,
  title,
  end,
  onNavigate,
}: {
  to: string;
  title: string;
  end?: boolean;
  onNavigate: () => void;
}) {
  return (
    <ListItemButton
      component={NavLink}
      to={to}
      end={end}
      onClick={onNavigate}
      sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
    >
      <ListItemText primary={title} />
    </ListItemButton>
  );
}
