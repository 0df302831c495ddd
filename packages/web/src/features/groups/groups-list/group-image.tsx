import GroupsIcon from '@mui/icons-material/Groups';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useSession } from '../../../app/session';

/**
 * A group's image (decorative: the name is always shown next to it), or a placeholder when the
 * group has none and `show_default_group_placeholder_image` is on; otherwise nothing.
 */
export function GroupImage({ src, sx }: { src: string | null; sx?: SxProps<Theme> }) {
  const { settings } = useSession();
  if (src) {
    return <Box component="img" src={src} alt="" sx={{ display: 'block', objectFit: 'cover', ...sx }} />;
  }
  if (!settings.show_default_group_placeholder_image) return null;
  return (
    <Box
      aria-hidden
      data-testid="group-placeholder"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: 'primary.contrastText',
        background: (theme) =>
          `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.primary.dark})`,
        ...sx,
      }}
    >
      <GroupsIcon sx={{ fontSize: '2.5rem', opacity: 0.85 }} />
    </Box>
  );
}
