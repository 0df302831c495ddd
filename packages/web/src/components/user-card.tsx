import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { avatarSizes, userCardCaps } from '@plaza/contract/constants';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../app/session';
import { useLang } from '../app/use-lang';
import { useStartDirectChat } from '../lib/chat-link';
import { visuallyHidden } from '../lib/visually-hidden';
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
  /** The member's status: values of `GET users/status_options`, shown by their labels. */
  special_state?: { value: string }[];
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
 * The user card: avatar (106 px, person icon without a picture), name, position, status (`special_state`),
 * location (1 shown), special tasks (5) and further lists (5 each), each with a '+N' button for the rest. The whole card
 * opens the profile: the name's link stretches over the card, the '+N' buttons sit above it. With
 * `show_user_overview_contact_button`, a contact icon (above the link too) starts a direct chat.
 */
export function UserCard({ user, lists = [] }: { user: UserCardPerson; lists?: UserCardList[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const name = personName(user);
  const states = (user.special_state ?? []).map(({ value }) =>
    t(`people.statuses.${value}`, { defaultValue: value }),
  );
  const session = useSession();
  const contact =
    session.settings.show_user_overview_contact_button && session.user && session.user.id !== user.id;
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
      {contact && <ContactButton userId={user.id} name={name} />}
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
      {states.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={visuallyHidden}>
            {t('user_card.status')}:{' '}
          </Box>
          {states.join(', ')}
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

/** The card's contact icon: opens the direct chat with the member (the existing one, or a new one). */
function ContactButton({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation();
  const startChat = useStartDirectChat();
  return (
    <IconButton
      onClick={() => void startChat(userId).catch(() => undefined)}
      aria-label={t('chat.start.contact', { name })}
      color="primary"
      sx={{ position: 'absolute', top: 8, right: 8, zIndex: 1 }}
    >
      <ChatIcon />
    </IconButton>
  );
}
