import type { NewPostEvent, StreamRef } from '@plaza/contract';
import { useCallback, useEffect, useState } from 'react';
import { subscribeStream } from './realtime';

const isNewPost = (message: unknown): message is NewPostEvent =>
  typeof message === 'object' && message !== null && (message as NewPostEvent).kind === 'new_post';

/**
 * The ids of the posts written into an open stream since it loaded, by others (the server tells only
 * of posts the member may read, never of their own); `clear` forgets them once the stream reloads.
 */
export function useNewPosts(stream: StreamRef, enabled = true): { ids: string[]; clear: () => void } {
  const [ids, setIds] = useState<string[]>([]);
  const key = JSON.stringify(stream);
  useEffect(() => {
    // Forgets another stream's posts; keeps the empty list (no re-render) as the stream first opens.
    setIds((known) => (known.length === 0 ? known : []));
    if (!enabled) return;
    const ref = JSON.parse(key) as StreamRef;
    return subscribeStream(ref, {
      onMessage: (message) => {
        if (!isNewPost(message)) return;
        setIds((known) => (known.includes(message.id) ? known : [...known, message.id]));
      },
    });
  }, [key, enabled]);
  const clear = useCallback(() => setIds([]), []);
  return { ids, clear };
}
