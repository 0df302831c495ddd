import GroupsIcon from '@mui/icons-material/Groups';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Group } from '@plaza/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';

/** The head of a group page: image (or the placeholder when the settings want one), name, description, member count. */
export function GroupHeader({ group, children }: { group: Group; children?: ReactNode }) {
  const { t } = useTranslation();
  const { settings } = useSession();
  const showPlaceholder = !group.image && settings.show_default_group_placeholder_image;
  return (
    <Box
      component="header"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: group.image || showPlaceholder ? '160px 1fr' : '1fr' },
        gap: { xs: 2, sm: 3 },
        alignItems: 'start',
        mb: 3,
      }}
    >
      {group.image ? (
        <Box
          component="img"
          src={group.image}
          alt=""
          sx={{
            width: '100%',
            aspectRatio: '1 / 1',
            objectFit: 'cover',
            borderRadius: 2,
            maxWidth: { xs: 160 },
          }}
        />
      ) : (
        showPlaceholder && (
          <Box
            aria-hidden
            sx={{
              width: '100%',
              maxWidth: 160,
              aspectRatio: '1 / 1',
              borderRadius: 2,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              display: 'grid',
              placeItems: 'center',
            }}
          >
            <GroupsIcon sx={{ fontSize: 72 }} />
          </Box>
        )
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {group.name}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1 }}>
          <Chip size="small" label={t(`group_page.type.${group.type}`)} />
          <Chip
            size="small"
            variant="outlined"
            label={t('group_page.member_count', { count: group.member_count })}
          />
        </Box>
        <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {group.description}
        </Typography>
        {children}
      </Box>
    </Box>
  );
}
