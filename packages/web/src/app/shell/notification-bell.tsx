import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { limits } from '@plaza/contract/constants';
import type { TFunction } from 'i18next';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ActivityItem } from '../../features/activities/activity-item';
import { useLang } from '../use-lang';
import { useLatestNotifications, useUnreadActivities } from './use-notifications';

/** The server counts unread activities up to `limits.maxUnreadCount`; from there the badge shows "99+". */
const badgeMax = limits.maxUnreadCount - 1;

/** The bell's name: with the unread count, or "more than 99" once the count reached its cap. */
function bellLabel(t: TFunction, count: number): string {
  if (count > badgeMax) return t('app.notifications.open_more_unread', { max: badgeMax });
  return count ? t('app.notifications.open_unread', { count }) : t('app.notifications.open');
}

/**
 * The bell in the app bar: the unread count as its badge, and a panel of the latest notifications, read
 * ones too (kept live like the count). Opening it reads the unread ones it shows, so the badge goes; they
 * stay marked new until the panel closes. The activity feed keeps them all.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const bell = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const unread = useUnreadActivities(true);
  const latest = useLatestNotifications(open);
  const { shown } = latest;
  const count = Number.isInteger(unread) ? (unread ?? 0) : 0;
  const close = () => setOpen(false);

  return (
    <>
      <IconButton
        ref={bell}
        onClick={() => setOpen(true)}
        aria-label={bellLabel(t, count)}
        aria-haspopup="dialog"
        aria-expanded={open}
      >
        {/* No badge at all without unread ones: a hidden 0 would still be text the name does not have. */}
        {count > 0 ? (
          <Badge color="secondary" badgeContent={count} max={badgeMax}>
            <NotificationsIcon />
          </Badge>
        ) : (
          <NotificationsIcon />
        )}
      </IconButton>
      <Popover
        open={open}
        anchorEl={bell.current}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { width: 360, maxWidth: 'calc(100vw - 16px)' },
          },
        }}
      >
        <Typography id={titleId} component="h2" variant="h6" sx={{ px: 2, pt: 2, pb: 1 }}>
          {t('app.notifications.title')}
        </Typography>
        {latest.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress size={24} aria-label={t('app.loading')} />
          </Box>
        )}
        {latest.isSuccess && shown.length === 0 && (
          <Typography color="text.secondary" sx={{ px: 2, py: 1 }}>
            {t('app.notifications.empty')}
          </Typography>
        )}
        {shown.length > 0 && (
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              m: 0,
              px: 1,
              maxHeight: '60vh',
              overflowY: 'auto',
              display: 'flex',
              flexDirection: 'column',
              gap: 0.5,
            }}
          >
            {shown.map((activity) => (
              <ActivityItem key={activity.id} activity={activity} />
            ))}
          </Box>
        )}
        <Box sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <Link component={RouterLink} to={`/${lang}/activity_feed`} onClick={close}>
            {t('app.notifications.all')}
          </Link>
        </Box>
      </Popover>
    </>
  );
}
