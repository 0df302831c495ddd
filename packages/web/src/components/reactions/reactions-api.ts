import type { LikeState, ReactionTargetType } from '@plaza/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { call } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';

/** Query keys of the comments and likes of one article or post. */
export const reactionKeys = {
  all: ['reactions'] as const,
  target: (type: ReactionTargetType, id: number) => [...reactionKeys.all, type, id] as const,
  comments: (type: ReactionTargetType, id: number) => [...reactionKeys.target(type, id), 'comments'] as const,
};

/** Comments of an article or a post, oldest first, `limit` at a time ('show more' raises it). */
export const commentsQuery = (type: ReactionTargetType, id: number, limit: number) =>
  queryOptions({
    queryKey: [...reactionKeys.comments(type, id), limit],
    queryFn: () => call(routes.comments.list, { query: { type, id, page: 1, per_page: limit } }),
  });

/**
 * An item's comment count: the figure its stream or page brought, until its comments panel loads a
 * list (after a comment is written or deleted, too) and `set` takes that list's total. A new figure
 * from the stream wins again.
 */
export function useCommentCount(fromItem: number) {
  const [loaded, setLoaded] = useState<{ fromItem: number; count: number } | null>(null);
  const set = useCallback((count: number) => setLoaded({ fromItem, count }), [fromItem]);
  return { value: loaded?.fromItem === fromItem ? loaded.count : fromItem, set };
}

/** Who liked an article or a post, newest first, `limit` at a time ('show more' raises it). */
export const likersQuery = (type: ReactionTargetType, id: number, limit: number) =>
  queryOptions({
    queryKey: [...reactionKeys.target(type, id), 'likes', limit],
    queryFn: () => call(routes.likes.list, { query: { type, id, page: 1, per_page: limit } }),
  });

/** Writes a comment; the comment list reloads. */
export function useWriteComment(type: ReactionTargetType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => call(routes.comments.write, { body: { type, id, text } }),
    onSuccess: () => client.invalidateQueries({ queryKey: reactionKeys.comments(type, id) }),
  });
}

/** Changes one's own comment; the comment list reloads. */
export function useEditComment(type: ReactionTargetType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, text }: { commentId: number; text: string }) =>
      call(routes.comments.update, { params: { id: commentId }, body: { text } }),
    onSuccess: () => client.invalidateQueries({ queryKey: reactionKeys.comments(type, id) }),
  });
}

/** Deletes a comment; the comment list reloads. */
export function useDeleteComment(type: ReactionTargetType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => call(routes.comments.remove, { params: { id: commentId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: reactionKeys.comments(type, id) }),
  });
}

/** Likes or unlikes; answers the new count and state. */
export function useSetLike(type: ReactionTargetType, id: number) {
  return useMutation({
    mutationFn: (like: boolean): Promise<LikeState> => call(routes.likes.set, { body: { type, id, like } }),
  });
}
