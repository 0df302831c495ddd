import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type ChatMessage, type Conversation, chatEventSchema } from '@plaza/contract/chat';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { call } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { routes } from '../../../lib/endpoint-routes';
import { subscribeChannel } from '../../../lib/realtime';
import { chatKeys } from '../chat-keys';
import { type ComposedMessage, Composer } from './composer';
import { conversationName } from './conversation-name';
import { MessageItem } from './message-item';
import {
  applyRead,
  dropPending,
  firstStoredId,
  mergeMessages,
  newClientId,
  newestUnreadId,
  pendingMessage,
  type ShownMessage,
} from './messages-state';
import { sendWithResend } from './resend';
import { useMarkRead } from './use-mark-read';

/** How long a typing notice stays without a new one (the sender repeats it about every 3 s). */
const typingShownMs = 5_000;

/**
 * One conversation: its history (newest page, "load older"), live messages, read receipts and typing from
 * the ChatChannel, what was missed after a reconnect (`after` the last id), and the composer. Sending shows
 * the message pending until the server answers; a failure puts the text back with an error. What it shows
 * is marked read at once while the tab is visible (`useMarkRead`).
 */
export function ConversationView({
  conversationId,
  onTitle,
}: {
  conversationId: number;
  onTitle: (title: string | null) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const session = useSession();
  const viewer = session.user;
  const viewerId = viewer?.id ?? 0;
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [messages, setMessages] = useState<ShownMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [typing, setTyping] = useState<{ id: number; name: string } | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [restored, setRestored] = useState<ComposedMessage | null>(null);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const list = useRef<HTMLDivElement>(null);
  const keepScroll = useRef<number | null>(null);

  // The newest page of the history.
  useEffect(() => {
    let stale = false;
    call(routes.chat.history, { query: { recipient: conversationId } }).then(
      (page) => {
        if (stale) return;
        setConversation(page.conversation);
        setHasMore(page.has_more);
        setMessages((current) => mergeMessages(current, page.results));
      },
      (error: unknown) => {
        if (!stale) setLoadError(error);
      },
    );
    return () => {
      stale = true;
    };
  }, [conversationId]);

  useEffect(() => {
    onTitle(conversation ? conversationName(conversation, viewerId) : null);
  }, [conversation, viewerId, onTitle]);

  // Shown, so read: at once, while the tab is visible (issue 47; the spec's 5 s wait lost receipts).
  useMarkRead(conversationId, newestUnreadId(messages, viewerId), conversation !== null);

  // After a reconnect: the newest page, then older pages while a page brought a message not shown yet.
  // Not "after the newest shown": while the server was cut off from the other instances (Redis gone), the
  // messages sent on this member's own instance kept arriving, so the missed ones lie between them.
  const catchUp = useCallback(async () => {
    try {
      let before: number | undefined;
      for (let pages = 0; pages < 20; pages += 1) {
        const page = await call(routes.chat.history, {
          query: before ? { recipient: conversationId, before } : { recipient: conversationId },
        });
        const shown = new Set(
          messagesRef.current.flatMap((message) => (message.pending ? [] : [message.id])),
        );
        const fresh = page.results.some((message) => !shown.has(message.id));
        if (!before) setConversation(page.conversation);
        messagesRef.current = mergeMessages(messagesRef.current, page.results);
        setMessages((current) => mergeMessages(current, page.results));
        if (!fresh || !page.has_more || page.results.length === 0) break;
        before = Math.min(...page.results.map((message) => message.id));
      }
    } catch {
      // The next reconnect or message tries again.
    }
  }, [conversationId]);

  // Live: messages, receipts and typing of this conversation; after a reconnect, what was missed.
  useEffect(() => {
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const stop = subscribeChannel('ChatChannel', {
      onMessage: (raw) => {
        const parsed = chatEventSchema.safeParse(raw);
        if (!parsed.success) return;
        const event = parsed.data;
        if (event.kind === 'message' && event.message.conversation_id === conversationId) {
          const senderId = event.message.sender.id;
          setMessages((current) => mergeMessages(current, [event.message]));
          setTyping((current) => (current && current.id === senderId ? null : current));
        } else if (event.kind === 'read' && event.conversation_id === conversationId) {
          setMessages((current) => applyRead(current, event.user_id, event.message_id));
        } else if (event.kind === 'typing' && event.conversation_id === conversationId) {
          if (event.user.id === viewerId) return;
          setTyping(event.user);
          clearTimeout(typingTimer);
          typingTimer = setTimeout(() => setTyping(null), typingShownMs);
        }
      },
      onReconnect: () => void catchUp(),
    });
    return () => {
      clearTimeout(typingTimer);
      stop();
    };
  }, [conversationId, viewerId, catchUp]);

  const loadOlder = () => {
    const before = firstStoredId(messagesRef.current);
    if (!before) return;
    setLoadingOlder(true);
    if (list.current) keepScroll.current = list.current.scrollHeight - list.current.scrollTop;
    call(routes.chat.history, { query: { recipient: conversationId, before } })
      .then((page) => {
        setHasMore(page.has_more);
        setMessages((current) => mergeMessages(current, page.results));
      })
      .catch((error: unknown) => setSendError(apiErrorText(t, error)))
      .finally(() => setLoadingOlder(false));
  };

  // New messages scroll into view; older ones loaded above keep the reader's place.
  const lastKey = messages.length ? `${messages[messages.length - 1]?.id}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when messages are added (or typing shows).
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    if (keepScroll.current !== null) {
      element.scrollTop = element.scrollHeight - keepScroll.current;
      keepScroll.current = null;
      return;
    }
    element.scrollTop = element.scrollHeight;
  }, [lastKey, messages.length, typing]);

  const send = async (composed: ComposedMessage): Promise<void> => {
    const text = composed.text.trim();
    if (!text && !composed.attachment) return;
    setSendError(null);
    const clientId = newClientId();
    const pending = pendingMessage({
      conversation_id: conversationId,
      client_id: clientId,
      sender: {
        id: viewerId,
        name: `${viewer?.firstname ?? ''} ${viewer?.lastname ?? ''}`.trim(),
        image: null,
      },
      text,
      attachments: composed.attachment
        ? [
            {
              id: 0,
              type: composed.attachment.type,
              name: composed.attachment.name,
              size: composed.attachment.size,
              link: '',
            },
          ]
        : [],
    });
    setMessages((current) => [...current, pending]);
    let stored: ChatMessage;
    try {
      // A send that got no answer (an instance restarting) goes again with the same client id.
      stored = await sendWithResend(() =>
        call(routes.chat.create, {
          body: {
            message: {
              recipient: conversationId,
              text,
              client_id: clientId,
              ...(composed.attachment
                ? {
                    attachment: {
                      type: composed.attachment.type,
                      name: composed.attachment.name,
                      content: composed.attachment.content,
                    },
                  }
                : {}),
            },
          },
        }),
      );
    } catch {
      setMessages((current) => dropPending(current, clientId));
      setRestored({ ...composed });
      setSendError(t('chat.overlay.conversation.error_message'));
      return;
    }
    setMessages((current) => mergeMessages(current, [stored]));
    void client.invalidateQueries({ queryKey: chatKeys.conversations });
  };

  if (loadError) {
    return (
      <Typography role="alert" color="error" sx={{ p: 2 }}>
        {apiErrorText(t, loadError)}
      </Typography>
    );
  }
  if (!conversation) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress size={28} aria-label={t('chat.overlay.loading')} />
      </Box>
    );
  }

  return (
    <>
      <Box
        ref={list}
        role="log"
        aria-label={t('chat.overlay.conversation.messages')}
        tabIndex={0}
        sx={{ flexGrow: 1, minHeight: 0, overflowY: 'auto', px: 1.5, py: 1, outline: 'none' }}
      >
        {hasMore && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
            <Button size="small" onClick={loadOlder} disabled={loadingOlder}>
              {t('chat.overlay.conversation.load_older')}
            </Button>
          </Box>
        )}
        {messages.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 1 }}>
            {t('chat.overlay.conversation.no_message')}
          </Typography>
        )}
        <Box
          component="ol"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
        >
          {messages.map((message) => (
            <MessageItem
              key={message.pending ? `p${message.client_id}` : message.id}
              message={message}
              own={message.sender.id === viewerId}
            />
          ))}
        </Box>
      </Box>
      <Typography
        aria-live="polite"
        variant="caption"
        color="text.secondary"
        sx={{ px: 2, minHeight: 20, fontStyle: 'italic' }}
      >
        {typing ? t('chat.overlay.conversation.typing', { name: typing.name }) : ''}
      </Typography>
      <Composer
        conversationId={conversationId}
        onSend={send}
        error={sendError}
        onClearError={() => setSendError(null)}
        restored={restored}
      />
    </>
  );
}
