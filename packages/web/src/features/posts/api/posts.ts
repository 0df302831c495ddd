import type { CreatePostInput } from '@plaza/contract';
import { pageSizes } from '@plaza/contract/constants';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, upload } from '../../../lib/api-client';
import { routes } from '../../../lib/endpoint-routes';
import { newsStreamPrefix, postKeys } from './keys';

/** Posts per stream page. */
export const streamPageSize = pageSizes.postStream;

/** Where the viewer may post: groups with their topics, and whether no group is allowed. */
export const postOptionsQuery = () =>
  queryOptions({ queryKey: postKeys.options(), queryFn: () => call(routes.posts.options) });

/** Members the viewer may post as (empty and `enabled` false without the right). */
export const postAuthorsQuery = (search: string) =>
  queryOptions({
    queryKey: postKeys.authors(search),
    queryFn: () =>
      call(routes.posts.authors, { query: { search, page: 1, per_page: pageSizes.authorSearch } }),
  });

/** Members matching a typed '@name', for the editor's mention list. */
export async function searchMentionCandidates(query: string) {
  const { results } = await call(routes.directory.search, { query: { q: query } });
  return results.map((user) => ({
    id: user.id,
    label: `${user.firstname} ${user.lastname}`.trim() || user.username,
    img: user.img_path ?? user.image,
  }));
}

/** A group's stream of posts (its topics' posts included), newest first, page by page. */
export const groupStreamQuery = (groupId: number) =>
  infiniteQueryOptions({
    queryKey: postKeys.groupStream(groupId),
    queryFn: ({ pageParam }) =>
      call(routes.news.list, { query: { group_id: groupId, page: pageParam, per_page: streamPageSize } }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.pagination.next ?? undefined,
  });

/** A topic's stream of posts, newest first, page by page. */
export const topicStreamQuery = (topicId: number) =>
  infiniteQueryOptions({
    queryKey: postKeys.topicStream(topicId),
    queryFn: ({ pageParam }) =>
      call(routes.news.topic, {
        params: { id: topicId },
        query: { page: pageParam, per_page: streamPageSize },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.pagination.next ?? undefined,
  });

/** Refreshes every stream that may show posts. */
function useRefreshStreams() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: postKeys.streams() }),
      client.invalidateQueries({ queryKey: newsStreamPrefix }),
    ]);
}

/** Writes a post; the streams reload. */
export function useCreatePost() {
  const refresh = useRefreshStreams();
  return useMutation({
    mutationFn: (body: CreatePostInput) => call(routes.posts.create, { body }),
    onSuccess: refresh,
  });
}

/** Changes a post's text; the streams (and the post's own page) reload. */
export function useEditPost(id: number) {
  const refresh = useRefreshStreams();
  return useMutation({
    mutationFn: (description: string) => call(routes.posts.update, { params: { id }, body: { description } }),
    onSuccess: refresh,
  });
}

/** Deletes a post; the streams reload. */
export function useDeletePost() {
  const refresh = useRefreshStreams();
  return useMutation({
    mutationFn: (id: number) => call(routes.posts.remove, { params: { id } }),
    onSuccess: refresh,
  });
}

/** Uploads one file for a post being written; answers its id and name. */
export const uploadPostFile = (file: File) => upload(routes.posts.uploadFile, file);

/** Removes an uploaded file that the post no longer carries. */
export const removePostFile = (id: number) => call(routes.posts.removeFile, { params: { id } });
