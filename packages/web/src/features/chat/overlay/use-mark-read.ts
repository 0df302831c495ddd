import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call } from '../../../lib/api-client';
import { routes } from '../../../lib/endpoint-routes';
import { usePageVisible } from '../../../lib/use-page-visible';
import { chatKeys } from '../chat-keys';

/**
 * Reads what the open conversation shows: while `shown` and the tab is visible, the conversation is
 * marked read up to `newestUnread` (the newest message from someone else still unread, 0 for none) as
 * soon as it is there, so its sender sees the receipt at once. A hidden tab waits until it is visible
 * again. A failed call is tried again with the next message or the next return to the tab.
 */
export function useMarkRead(conversationId: number, newestUnread: number, shown: boolean): void {
  const client = useQueryClient();
  const visible = usePageVisible();
  const markedUpTo = useRef(0);

  useEffect(() => {
    if (!shown || !visible || newestUnread <= markedUpTo.current) return;
    const before = markedUpTo.current;
    markedUpTo.current = newestUnread;
    call(routes.chat.markAsRead, { body: { recipient: conversationId, message_id: newestUnread } }).then(
      () => void client.invalidateQueries({ queryKey: chatKeys.all }),
      () => {
        if (markedUpTo.current === newestUnread) markedUpTo.current = before;
      },
    );
  }, [client, conversationId, newestUnread, shown, visible]);
}
