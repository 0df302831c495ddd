import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { Profile } from '@plaza/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FallbackAvatar } from '../../../components/fallback-avatar';
import { visuallyHidden } from '../../../lib/visually-hidden';

/** The full name with the title, e.g. 'Dr. Anna Berg'. */
export const profileName = (profile: Pick<Profile, 'title' | 'firstname' | 'lastname'>) =>
  [profile.title, profile.firstname, profile.lastname].filter(Boolean).join(' ');

/**
 * The head of a profile: avatar (person icon without one; a camera button over it when the viewer
 * may change it), name with title, position, locations and special tasks, and the actions.
 */
export function ProfileHeader({
  profile,
  onChangePicture,
  actions,
}: {
  profile: Profile;
  onChangePicture?: () => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const name = profileName(profile);
  const locations = profile.locations ?? [];
  const tasks = profile.special_tasks ?? [];
  return (
    <Box
      component="header"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'auto minmax(0, 1fr)' },
        justifyItems: { xs: 'center', sm: 'start' },
        textAlign: { xs: 'center', sm: 'left' },
        gap: { xs: 2, sm: 3 },
        alignItems: 'center',
        mb: { xs: 3, sm: 4 },
      }}
    >
      <Box sx={{ position: 'relative' }}>
        <FallbackAvatar
          src={profile.img_path}
          size={128}
          alt={profile.img_path ? t('profile.avatar_alt', { name }) : ''}
        />
        {onChangePicture && (
          <IconButton
            onClick={onChangePicture}
            aria-label={t('profile.actions.change_picture')}
            sx={{
              position: 'absolute',
              right: -4,
              bottom: -4,
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
              boxShadow: 1,
              '&:hover': { bgcolor: 'background.paper' },
            }}
          >
            <PhotoCamera fontSize="small" />
          </IconButton>
        )}
      </Box>
      <Box sx={{ minWidth: 0, width: '100%' }}>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        {profile.position && (
          <Typography variant="h2" component="p" sx={{ fontSize: '1.125rem', fontWeight: 500, mt: 0.5 }}>
            {profile.position}
          </Typography>
        )}
        {locations.length > 0 && (
          <Typography color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            <Box component="span" sx={visuallyHidden}>
              {t('profile.sections.locations')}:{' '}
            </Box>
            {locations.join(' · ')}
          </Typography>
        )}
        {tasks.length > 0 && (
          <Box
            component="ul"
            aria-label={t('profile.sections.special_tasks')}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              justifyContent: { xs: 'center', sm: 'flex-start' },
              gap: 0.75,
              m: 0,
              mt: 1.5,
              p: 0,
              listStyle: 'none',
            }}
          >
            {tasks.map((task, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: free texts may repeat; the list is static
              <li key={`${task}-${index}`}>
                <Chip size="small" color="primary" variant="outlined" label={task} />
              </li>
            ))}
          </Box>
        )}
        {actions && (
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              justifyContent: { xs: 'center', sm: 'flex-start' },
              gap: 1,
              mt: 2,
            }}
          >
            {actions}
          </Box>
        )}
      </Box>
    </Box>
  );
}
