import AvatarGroup from '@mui/material/AvatarGroup';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type Conversation, chatLimits } from '@plaza/contract/chat';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { useLang } from '../../../app/use-lang';
import { FallbackAvatar } from '../../../components/fallback-avatar';
import { call } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { routes } from '../../../lib/endpoint-routes';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { chatKeys } from '../chat-keys';
import { conversationDate } from './chat-dates';
import { conversationName, othersOf } from './conversation-name';

/** Re-renders every half minute, so relative times ("5 minutes ago") move on. */
function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The caller's conversations, latest message first, with "load more" for older ones. */
export function ConversationList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const list = useInfiniteQuery({
    queryKey: chatKeys.conversations,
    queryFn: ({ pageParam }) =>
      call(routes.chat.conversations, { query: pageParam ? { before: pageParam } : {} }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const now = useNow();
  const conversations = list.data?.pages.flatMap((page) => page.results) ?? [];

  if (list.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress size={28} aria-label={t('chat.overlay.loading')} />
      </Box>
    );
  }
  if (list.isError) {
    return (
      <Typography role="alert" color="error" sx={{ p: 2 }}>
        {apiErrorText(t, list.error)}
      </Typography>
    );
  }
  if (conversations.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {t('chat.overlay.conversations.no_conversation')}
      </Typography>
    );
  }
  return (
    <Box sx={{ overflowY: 'auto', flexGrow: 1 }}>
      <Box
        component="ul"
        aria-label={t('chat.overlay.conversations.title')}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {conversations.map((conversation) => (
          <ConversationRow key={conversation.id} conversation={conversation} now={now} onOpen={onOpen} />
        ))}
      </Box>
      {list.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
          <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {t('chat.overlay.conversations.load_more')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

function ConversationRow({
  conversation,
  now,
  onOpen,
}: {
  conversation: Conversation;
  now: Date;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const viewerId = useSession().user?.id ?? 0;
  const name = conversationName(conversation, viewerId);
  const others = othersOf(conversation, viewerId);
  const last = conversation.last_message;
  const unread = conversation.new_messages;
  const unreadText = unread >= chatLimits.unreadCountMax ? `${chatLimits.unreadCountMax}+` : String(unread);
  const preview = last
    ? `${last.sender.id === viewerId ? `${t('chat.overlay.conversations.you')}: ` : conversation.type === 'group' ? `${last.sender.name}: ` : ''}${last.text || (last.attachments[0]?.name ?? t('chat.overlay.conversations.attachment'))}`
    : t('chat.overlay.conversations.empty_preview');
  const date = conversationDate(last?.time ?? conversation.created, lang, t('chat.overlay.just_now'), now);

  return (
    <li>
      <ButtonBase
        onClick={() => onOpen(conversation.id)}
        sx={{
          width: '100%',
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          py: 1.25,
          textAlign: 'left',
          borderBottom: 1,
          borderColor: 'divider',
          '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
        }}
      >
        {others.length > 1 ? (
          <AvatarGroup
            max={2}
            spacing="small"
            sx={{ flexShrink: 0, '& .MuiAvatar-root': { width: 32, height: 32 } }}
          >
            {others.slice(0, 2).map((participant) => (
              <FallbackAvatar key={participant.id} src={participant.img_path} size={32} />
            ))}
          </AvatarGroup>
        ) : (
          <Box component="span" sx={{ flexShrink: 0 }}>
            <FallbackAvatar src={others[0]?.img_path} size={44} />
          </Box>
        )}
        <Box component="span" sx={{ flexGrow: 1, minWidth: 0 }}>
          <Box component="span" sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
            <Typography
              component="span"
              noWrap
              sx={{ display: 'block', flexGrow: 1, minWidth: 0, fontWeight: unread > 0 ? 700 : 600 }}
            >
              {name}
            </Typography>
            <Typography component="span" variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
              {date}
            </Typography>
          </Box>
          <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography
              component="span"
              variant="body2"
              color="text.secondary"
              sx={{
                flexGrow: 1,
                minWidth: 0,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                overflowWrap: 'anywhere',
                whiteSpace: 'pre-line',
              }}
            >
              {preview}
            </Typography>
            {unread > 0 && (
              <>
                <Badge
                  color="secondary"
                  badgeContent={unreadText}
                  aria-hidden
                  sx={{
                    flexShrink: 0,
                    mr: 1,
                    '& .MuiBadge-badge': { position: 'static', transform: 'none' },
                  }}
                />
                <Box component="span" sx={visuallyHidden}>
                  {t('chat.overlay.conversations.unread', { count: unread })}
                </Box>
              </>
            )}
          </Box>
        </Box>
      </ButtonBase>
    </li>
  );
}
