import WorkOutlined from '@mui/icons-material/WorkOutlined';
import Box from '@mui/material/Box';
import { avatarSizes } from '@plaza/contract/constants';

/** A job's square image (153 px, smaller on phones in lists), or a work icon where it has none; decorative. */
export function JobImage({ src, compact = false }: { src: string | null; compact?: boolean }) {
  const size = compact ? { xs: 72, sm: avatarSizes.jobImage } : avatarSizes.jobImage;
  const box = { width: size, height: size, flexShrink: 0, borderRadius: 2 };
  if (!src) {
    return (
      <Box
        aria-hidden
        sx={{
          ...box,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'text.secondary',
        }}
      >
        <WorkOutlined fontSize="large" />
      </Box>
    );
  }
  return <Box component="img" src={src} alt="" loading="lazy" sx={{ ...box, objectFit: 'cover' }} />;
}
