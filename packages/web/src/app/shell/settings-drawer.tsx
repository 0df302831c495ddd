import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { SettingsMenuItem } from '@plaza/contract';
import { breakpoints } from '@plaza/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { call } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';
import { useMedia } from '../../lib/use-media';
import { useLang } from '../use-lang';

const settingsMenuKey = ['menu', 'settings'] as const;

/**
 * The settings: links and toggles from `GET menu/settings`. Below the wide-screen breakpoint a drawer
 * from the right; at and above it (where the spec closes the drawer) a panel under the gear, so the
 * gear opens the settings at every width. Crossing the breakpoint closes whichever is open.
 */
export function SettingsDrawer({
  open,
  anchor,
  onClose,
}: {
  open: boolean;
  /** The gear that opened it: the wide panel hangs below it. */
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const client = useQueryClient();
  const wide = useMedia(`(min-width: ${breakpoints.wide}px)`);
  const menu = useQuery({
    queryKey: settingsMenuKey,
    queryFn: () => call(routes.menu.settingsMenu),
    enabled: open,
  });
  const toggle = useMutation({
    mutationFn: (item: SettingsMenuItem) =>
      call(routes.menu.toggleSetting, {
        params: { key: item.key as 'email_notifications' },
        body: { status: !item.status },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: settingsMenuKey }),
  });

  const wideBefore = useRef(wide);
  useEffect(() => {
    if (wideBefore.current !== wide && open) onClose();
    wideBefore.current = wide;
  }, [wide, open, onClose]);

  const content = (
    <>
      <Box sx={{ width: 300, p: 2, display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id="settings-title" variant="h2" component="h2">
          {t('app.settings.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('app.settings.close')}>
          <Close />
        </IconButton>
      </Box>
      <List sx={{ width: 300 }}>
        {menu.data?.map((item) =>
          item.type === 'link' ? (
            <ListItem key={item.key} disablePadding>
              <ListItemButton component={RouterLink} to={`/${lang}${item.link}`} onClick={onClose}>
                <ListItemText primary={item.title} />
              </ListItemButton>
            </ListItem>
          ) : (
            <ListItem key={item.key}>
              <ListItemText id={`toggle-${item.key}`} primary={item.title} />
              <Switch
                edge="end"
                checked={Boolean(item.status)}
                disabled={toggle.isPending}
                onChange={() => toggle.mutate(item)}
                slotProps={{ input: { 'aria-labelledby': `toggle-${item.key}` } }}
              />
            </ListItem>
          ),
        )}
      </List>
    </>
  );
  const paper = { role: 'dialog', 'aria-labelledby': 'settings-title' };

  return wide ? (
    <Popover
      open={open && Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper }}
    >
      {content}
    </Popover>
  ) : (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper }}>
      {content}
    </Drawer>
  );
}
