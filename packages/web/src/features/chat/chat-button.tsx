import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { lazyChunk } from '../../app/chunk-error';
import { call } from '../../lib/api-client';
import { chatParams } from '../../lib/chat-link';
import { routes } from '../../lib/endpoint-routes';
import { subscribeChannel } from '../../lib/realtime';
import { chatKeys } from './chat-keys';

/** The overlay's code is loaded when it first opens, so the first page load stays small. */
const ChatOverlay = lazyChunk(() => import('./overlay/chat-overlay').then((module) => module.ChatOverlay));

/**
 * The shell's chat button: the unread count (GET messages/unread, kept live through the ChatChannel) as
 * its badge; it opens and closes the chat overlay, which follows the address (`chat=1`, `conversation_id`)
 * so deep links, a `chat_group` activity and the profile's and user card's buttons open it too.
 */
export function ChatButton() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const button = useRef<HTMLButtonElement>(null);
  const [params, setParams] = useSearchParams();
  const open = params.get(chatParams.open) === '1';
  const unread = useQuery({ queryKey: chatKeys.unread, queryFn: () => call(routes.chat.unread) });
  const count = unread.data?.unread ?? 0;

  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: chatKeys.unread });
    return subscribeChannel('ChatChannel', {
      onMessage: (event) => {
        if ((event as { kind?: string } | null)?.kind !== 'typing') refresh();
      },
      onReconnect: refresh,
    });
  }, [client]);

  const setOpen = useCallback(
    (next: boolean) =>
      setParams((current) => {
        const search = new URLSearchParams(current);
        if (next) search.set(chatParams.open, '1');
        else {
          search.delete(chatParams.open);
          search.delete(chatParams.conversation);
        }
        return search;
      }),
    [setParams],
  );
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, [setOpen]);

  return (
    <>
      <IconButton
        ref={button}
        onClick={() => setOpen(!open)}
        aria-label={count ? t('chat.button.open_unread', { count }) : t('chat.button.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
      >
        {count > 0 ? (
          <Badge color="secondary" badgeContent={count} max={99}>
            <ChatIcon />
          </Badge>
        ) : (
          <ChatIcon />
        )}
      </IconButton>
      {open && (
        <Suspense fallback={null}>
          <ChatOverlay onClose={close} />
        </Suspense>
      )}
    </>
  );
}
