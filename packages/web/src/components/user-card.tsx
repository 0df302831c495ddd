import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { avatarSizes, userCardCaps } from '@plaza/contract/constants';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../app/use-lang';
import { CappedList } from './capped-list';
import { FallbackAvatar } from './fallback-avatar';

/** What a user card shows of a member (the contract's user and directory entries have these fields). */
export interface UserCardPerson {
  id: number;
  firstname: string;
  lastname: string;
  title?: string | null;
  position?: string | null;
  location_names?: string[];
  special_tasks?: string[];
  img_path: string | null;
}

/** A further list on the card (skills, languages, ...), capped at `userCardCaps.other`. */
export interface UserCardList {
  key: string;
  label: string;
  values: string[];
}

/** A member's full name with their title, e.g. 'Dr. Anna Schneider'. */
export function personName(user: Pick<UserCardPerson, 'firstname' | 'lastname' | 'title'>): string {
  return [user.title, user.firstname, user.lastname].filter(Boolean).join(' ');
}

/**
 * The user card: avatar (106 px, person icon without a picture), name, position, location (1 shown),
 * special tasks (5) and further lists (5 each), each with a '+N' button for the rest. The whole card
 * opens the profile: the name's link stretches over the card, the '+N' buttons sit above it.
 */
export function UserCard({ user, lists = [] }: { user: UserCardPerson; lists?: UserCardList[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const name = personName(user);
  return (
    <Card
      variant="outlined"
      sx={{
        position: 'relative',
        height: '100%',
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        textAlign: 'center',
        '&:hover': { borderColor: 'primary.main' },
        '&:focus-within': { borderColor: 'primary.main' },
      }}
    >
      <FallbackAvatar src={user.img_path} size={avatarSizes.userCard} />
      <Link
        component={RouterLink}
        to={`/${lang}/who_is_who/${user.id}`}
        underline="hover"
        color="text.primary"
        sx={{
          fontWeight: 600,
          fontSize: '1.05rem',
          overflowWrap: 'anywhere',
          '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
          '&:focus-visible': { outline: 'none' },
          '&:focus-visible::after': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        {name}
      </Link>
      {user.position && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {user.position}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, width: '100%' }}>
        <CappedList
          values={user.location_names ?? []}
          cap={userCardCaps.locations}
          label={t('user_card.locations')}
        />
        <CappedList
          values={user.special_tasks ?? []}
          cap={userCardCaps.specialTasks}
          label={t('user_card.special_tasks')}
        />
        {lists.map((list) => (
          <CappedList key={list.key} values={list.values} cap={userCardCaps.other} label={list.label} />
        ))}
      </Box>
    </Card>
  );
}
