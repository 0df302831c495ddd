import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { call } from './api-client';
import { routes } from './endpoint-routes';

/** The query of the chat deep link (spec 2 "Chat overlay"): `chat=1`, and `conversation_id` for one. */
export const chatParams = { open: 'chat', conversation: 'conversation_id' } as const;

/**
 * Opens the chat overlay on the current page (through the address, so the deep link and the buttons work
 * alike): on a conversation when its id is given, else on the conversation list.
 */
export function useOpenChat() {
  const [, setSearchParams] = useSearchParams();
  return useCallback(
    (conversationId?: number) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.set(chatParams.open, '1');
        if (conversationId) next.set(chatParams.conversation, String(conversationId));
        else next.delete(chatParams.conversation);
        return next;
      }),
    [setSearchParams],
  );
}

/**
 * Starts (or finds: one direct conversation per pair) the direct conversation with a member and opens
 * it in the chat overlay. Used by the profile's button and the user card's contact icon.
 */
export function useStartDirectChat() {
  const openChat = useOpenChat();
  return useCallback(
    async (userId: number) => {
      const { conversation_id } = await call(routes.chat.newDirectConversation, {
        query: { user_ids: String(userId) },
      });
      openChat(conversation_id);
    },
    [openChat],
  );
}
