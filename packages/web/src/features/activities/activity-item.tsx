import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Activity } from '@plaza/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../../app/use-lang';
import { FallbackAvatar } from '../../components/fallback-avatar';
import { Moment } from '../../components/moment';
import { visuallyHidden } from '../../lib/visually-hidden';

/** The app's own address of an activity's link (`/de_DE/groups/3` or a path without language). */
export function activityHref(url: string | null, lang: string): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return null;
  if (/^\/[a-z]{2}_[A-Z]{2}\//.test(url)) return url;
  return `/${lang}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** One activity: who, what, when, a link to it, and an action (invitation or request) when given. */
export function ActivityItem({ activity, action }: { activity: Activity; action?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const href = activityHref(activity.url, lang);
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        p: 1.5,
        borderRadius: 1,
        // Unread ones stand out by more than a shade: an accent bar and bolder text.
        borderLeft: 4,
        borderColor: activity.read ? 'transparent' : 'primary.main',
        bgcolor: activity.read ? undefined : 'action.hover',
      }}
    >
      <FallbackAvatar src={activity.img} size={40} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere', fontWeight: activity.read ? undefined : 600 }}>
          {!activity.read && (
            <Box component="span" sx={visuallyHidden}>
              {t('activity_feed.unread')}{' '}
            </Box>
          )}
          {href ? (
            <Link component={RouterLink} to={href} color="inherit">
              {activity.text}
            </Link>
          ) : (
            activity.text
          )}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          <Moment value={activity.date_posted} />
        </Typography>
        {action && <Box sx={{ mt: 1 }}>{action}</Box>}
      </Box>
    </Box>
  );
}
