import ArrowBack from '@mui/icons-material/ArrowBack';
import Close from '@mui/icons-material/Close';
import Edit from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { chatEventSchema } from '@plaza/contract/chat';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { chatParams, useOpenChat } from '../../../lib/chat-link';
import { subscribeChannel } from '../../../lib/realtime';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { chatKeys } from '../chat-keys';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { NewMessagePanel } from './new-message-panel';

/**
 * The chat overlay (spec 2 "Chat overlay"): the conversation list, the new-message panel and a single
 * conversation. A panel at the bottom right on wide screens, the full screen on phones; a dialog (focus
 * kept inside, Escape closes). The open conversation follows the address (`conversation_id`).
 */
export function ChatOverlay({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const mobile = useIsMobile();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const openChat = useOpenChat();
  const conversationId = Number(params.get(chatParams.conversation)) || null;
  const [composing, setComposing] = useState(false);
  const [title, setTitle] = useState<string | null>(null);

  // The list and the counts follow every change; the open conversation listens for itself.
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: chatKeys.conversations });
    return subscribeChannel('ChatChannel', {
      onMessage: (raw) => {
        const event = chatEventSchema.safeParse(raw);
        if (event.success && event.data.kind !== 'typing') refresh();
      },
      onReconnect: refresh,
    });
  }, [client]);

  const showConversation = useCallback(
    (id: number) => {
      setComposing(false);
      openChat(id);
    },
    [openChat],
  );
  const backToList = () => {
    setComposing(false);
    setTitle(null);
    openChat();
  };

  const panel = conversationId ? 'conversation' : composing ? 'new' : 'list';
  const heading =
    panel === 'conversation'
      ? (title ?? t('chat.overlay.title'))
      : panel === 'new'
        ? t('chat.overlay.new_message.title')
        : t('chat.overlay.title');

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={mobile}
      disableRestoreFocus
      slotProps={{
        backdrop: { invisible: true },
        paper: {
          'aria-labelledby': titleId,
          sx: mobile
            ? { display: 'flex', flexDirection: 'column' }
            : {
                position: 'fixed',
                right: 16,
                bottom: 16,
                m: 0,
                width: 400,
                maxWidth: 'calc(100vw - 32px)',
                height: 'min(640px, calc(100vh - 32px))',
                maxHeight: 'none',
                display: 'flex',
                flexDirection: 'column',
              },
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1,
          py: 0.5,
          minHeight: 56,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {panel !== 'list' && (
          <IconButton onClick={backToList} aria-label={t('chat.overlay.back')}>
            <ArrowBack />
          </IconButton>
        )}
        <Typography
          id={titleId}
          component="h2"
          variant="h6"
          noWrap
          sx={{ flexGrow: 1, minWidth: 0, pl: panel === 'list' ? 1 : 0 }}
        >
          {heading}
        </Typography>
        {panel === 'list' && (
          <IconButton onClick={() => setComposing(true)} aria-label={t('chat.overlay.new_message.title')}>
            <Edit />
          </IconButton>
        )}
        <IconButton onClick={onClose} aria-label={t('chat.overlay.close')}>
          <Close />
        </IconButton>
      </Box>
      <Box sx={{ flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        {panel === 'list' && <ConversationList onOpen={showConversation} />}
        {panel === 'new' && <NewMessagePanel onCreated={showConversation} />}
        {panel === 'conversation' && conversationId && (
          <ConversationView key={conversationId} conversationId={conversationId} onTitle={setTitle} />
        )}
      </Box>
    </Dialog>
  );
}
