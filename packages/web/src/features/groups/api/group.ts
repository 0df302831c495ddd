import type { GroupUserListType } from '@plaza/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { call, upload } from '../../../lib/api-client';
import { routes } from '../../../lib/endpoint-routes';
import { groupKeys } from './keys';

/** A member list of a group, as the manage-members overlay and the invite search ask for it. */
export type { GroupUserListType };

/** A group page: infos, topics, files, first members, the viewer's permissions and membership. */
export const groupQuery = (id: number) =>
  queryOptions({
    queryKey: groupKeys.detail(id),
    queryFn: () => call(routes.groups.get, { params: { id } }),
  });

/** Members of a group (type `all`), a page at a time, for the members tab's 'show more'. */
export const groupMembersInfiniteQuery = (id: number, perPage: number) =>
  infiniteQueryOptions({
    queryKey: [...groupKeys.users(id, 'all'), 'pages', perPage],
    queryFn: ({ pageParam }) =>
      call(routes.groups.users, {
        params: { id },
        query: { type: 'all', page: pageParam, per_page: perPage },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.pagination.next ?? undefined,
  });

/** One page of a member list; with a search text it asks `users/search` instead. */
export const groupUsersQuery = (
  id: number,
  { type, page, perPage, search }: { type: GroupUserListType; page: number; perPage: number; search: string },
) =>
  queryOptions({
    queryKey: [...groupKeys.users(id, type), { page, perPage, search }],
    queryFn: () => {
      const query = { type, page, per_page: perPage };
      return search
        ? call(routes.groups.usersSearch, { params: { id }, query: { ...query, search } })
        : call(routes.groups.users, { params: { id }, query });
    },
    placeholderData: keepPreviousData,
  });

/** The members of a list limited to the given user ids (e.g. which of them are already admins). */
export const groupUsersFilteredQuery = (id: number, type: GroupUserListType, filter: number[]) =>
  queryOptions({
    queryKey: [...groupKeys.users(id, type), 'filtered', filter],
    queryFn: () =>
      call(routes.groups.usersFiltered, {
        params: { id },
        body: { type, filter, page: 1, per_page: Math.max(1, filter.length) },
      }),
    enabled: filter.length > 0,
  });

/** The newest `limit` files of a group ('show more' raises the limit). */
export const groupFilesQuery = (id: number, limit: number) =>
  queryOptions({
    queryKey: [...groupKeys.files(id), limit] as readonly unknown[],
    queryFn: () => call(routes.groups.files, { params: { id }, query: { page: 1, per_page: limit } }),
    placeholderData: keepPreviousData,
  });

/** A mutation on one group that refreshes everything under the group's key when it succeeds. */
function useGroupMutation<V, R>(groupId: number, mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: groupKeys.detail(groupId) }),
  });
}

/** Uploads a file to a group. */
export const useUploadGroupFile = (id: number) =>
  useGroupMutation(id, (file: File) => upload(routes.groups.uploadFile, file, { params: { id } }));

/** Deletes a file of a group. */
export const useRemoveGroupFile = (id: number) =>
  useGroupMutation(id, (fileId: number) => call(routes.groups.removeFile, { params: { id, fileId } }));

/** Makes members admins. */
export const useAddAdmins = (id: number) =>
  useGroupMutation(id, (users: number[]) =>
    call(routes.groups.addAdmins, { params: { id }, body: { users } }),
  );

/** Takes admin rights back (the server refuses for the last admin: `last_admin`). */
export const useRemoveAdmin = (id: number) =>
  useGroupMutation(id, (userId: number) => call(routes.groups.removeAdmin, { params: { id, userId } }));

/** Removes a member from the group. */
export const useRemoveMember = (id: number) =>
  useGroupMutation(id, (userId: number) => call(routes.groups.removeUser, { params: { id, userId } }));

/** Invites members. */
export const useInviteMembers = (id: number) =>
  useGroupMutation(id, (users: number[]) => call(routes.groups.invite, { params: { id }, body: { users } }));

/** Sends one pending or declined invitation again. */
export const useResendInvitation = (id: number) =>
  useGroupMutation(id, (userId: number) => call(routes.groups.resendInvitation, { params: { id, userId } }));

/** Sends several pending or declined invitations again. */
export const useResendInvitations = (id: number) =>
  useGroupMutation(id, (users: number[]) =>
    call(routes.groups.resendInvitations, { params: { id }, body: { users } }),
  );

/** Withdraws a pending invitation. */
export const useWithdrawInvitation = (id: number) =>
  useGroupMutation(id, (userId: number) =>
    call(routes.groups.withdrawInvitation, { params: { id, userId } }),
  );

/** Removes a declined invitation from the list. */
export const useForgetDeclinedInvitation = (id: number) =>
  useGroupMutation(id, (userId: number) =>
    call(routes.groups.forgetDeclinedInvitation, { params: { id, userId } }),
  );

/**
 * Leaves or deletes a group. The lists are refreshed; the group's own page is only marked stale,
 * because the caller leaves it (refetching it now would load a group the viewer left or deleted).
 */
export function useLeaveOrDeleteGroup(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'leave' | 'delete') =>
      action === 'leave'
        ? call(routes.groups.leave, { params: { id } })
        : call(routes.groups.remove, { params: { id } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: groupKeys.detail(id), refetchType: 'none' });
      await client.invalidateQueries({
        predicate: (query) => query.queryKey[0] === groupKeys.all[0] && query.queryKey[1] !== 'detail',
      });
    },
  });
}

/** A topic page. */
export const topicQuery = (id: number) =>
  queryOptions({
    queryKey: groupKeys.topic(id),
    queryFn: () => call(routes.topics.get, { params: { id } }),
  });

/** Members of a topic (its group's members), a page at a time. */
export const topicMembersInfiniteQuery = (id: number, perPage: number) =>
  infiniteQueryOptions({
    queryKey: [...groupKeys.topicUsers(id), perPage],
    queryFn: ({ pageParam }) =>
      call(routes.topics.users, { params: { id }, query: { page: pageParam, per_page: perPage } }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.pagination.next ?? undefined,
  });

/** The newest `limit` files of a topic. */
export const topicFilesQuery = (id: number, limit: number) =>
  queryOptions({
    queryKey: [...groupKeys.topicFiles(id), limit] as readonly unknown[],
    queryFn: () => call(routes.topics.files, { params: { id }, query: { page: 1, per_page: limit } }),
    placeholderData: keepPreviousData,
  });

/** A mutation on one topic that refreshes the topic when it succeeds. */
function useTopicMutation<V, R>(topicId: number, mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: groupKeys.topic(topicId) }),
  });
}

/** Uploads a file to a topic. */
export const useUploadTopicFile = (id: number) =>
  useTopicMutation(id, (file: File) => upload(routes.topics.uploadFile, file, { params: { id } }));

/** Deletes a file of a topic. */
export const useRemoveTopicFile = (id: number) =>
  useTopicMutation(id, (fileId: number) => call(routes.topics.removeFile, { params: { id, fileId } }));

/** Title and description of the topic form. */
export interface TopicText {
  name: string;
  description: string;
}

/** Creates a topic (manage_topics) or suggests one (others) in a group. */
export function useSaveTopicForm(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ type, ...text }: TopicText & { type: 'create' | 'suggestion' }) =>
      type === 'create'
        ? call(routes.topics.create, { body: { ...text, group_id: groupId } })
        : call(routes.topics.suggest, { body: { ...text, group_id: groupId } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: groupKeys.detail(groupId) });
      await client.invalidateQueries({ queryKey: groupKeys.suggestions() });
    },
  });
}

/** Edits a topic's title and description. */
export function useUpdateTopic(id: number, groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, description }: TopicText) =>
      call(routes.topics.update, {
        params: { id },
        body: { group_id: groupId, title: name, description },
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: groupKeys.topic(id) });
      await client.invalidateQueries({ queryKey: groupKeys.detail(groupId) });
    },
  });
}

/** Deletes a topic; its page is only marked stale because the caller goes to the group. */
export function useDeleteTopic(id: number, groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(routes.topics.remove, { params: { id } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: groupKeys.topic(id), refetchType: 'none' });
      await client.invalidateQueries({ queryKey: groupKeys.detail(groupId) });
    },
  });
}
