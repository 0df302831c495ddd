import Avatar from '@mui/material/Avatar';
import { avatarSizes } from '@plaza/contract/constants';

/** A member's picture at the group members size (53 px), or their initials; decorative next to the name. */
export function MemberAvatar({
  img,
  name,
  size = avatarSizes.groupMembers,
}: {
  img: string | null;
  name: string;
  size?: number;
}) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  return (
    <Avatar
      src={img ?? undefined}
      alt=""
      sx={{ width: size, height: size, bgcolor: 'primary.main', color: 'primary.contrastText' }}
      aria-hidden
    >
      {initials}
    </Avatar>
  );
}
