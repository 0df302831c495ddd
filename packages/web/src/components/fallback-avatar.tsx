import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';

/**
 * A member's picture, or a person icon when there is none or it fails to load. Decorative by default
 * (the name is next to it); pass `alt` when the picture stands alone.
 */
export function FallbackAvatar({
  src,
  size = 40,
  alt = '',
}: {
  /** The picture's address; null or empty shows the person icon. */
  src?: string | null;
  /** Width and height in px. */
  size?: number;
  alt?: string;
}) {
  return (
    <Avatar
      src={src || undefined}
      alt={alt}
      aria-hidden={alt ? undefined : true}
      sx={{ width: size, height: size, bgcolor: 'grey.300', color: 'grey.700' }}
    >
      <PersonIcon sx={{ fontSize: Math.round(size * 0.6) }} />
    </Avatar>
  );
}
