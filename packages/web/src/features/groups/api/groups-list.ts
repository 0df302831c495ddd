import type { GroupType, ImageCrop } from '@plaza/contract';
import { pageSizes, timings } from '@plaza/contract/constants';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, upload } from '../../../lib/api-client';
import { routes } from '../../../lib/endpoint-routes';
import { groupKeys } from './keys';

/** Groups per page of the own and public galleries ('show more' loads the next page). */
export const galleryPageSize = pageSizes.groupGallery;

const reload = { refetchInterval: timings.groupsReloadMs } as const;

/** The viewer's groups of a list type, a page at a time; the answer also carries `permissions` (create). */
export const groupsListQuery = (type: 'member' | 'admin' | 'all' = 'member') =>
  infiniteQueryOptions({
    queryKey: groupKeys.list(type),
    queryFn: ({ pageParam }) =>
      call(routes.groups.list, { query: { type, page: pageParam, per_page: galleryPageSize } }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.pagination.next ?? undefined,
    ...reload,
  });

/** Public groups the viewer does not belong to, a page at a time. */
export const publicGroupsQuery = () =>
  infiniteQueryOptions({
    queryKey: groupKeys.publicList(),
    queryFn: ({ pageParam }) =>
      call(routes.groups.publicGroups, { query: { page: pageParam, per_page: galleryPageSize } }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.pagination.next ?? undefined,
    ...reload,
  });

/** Open invitations to the viewer. */
export const invitationsQuery = () =>
  queryOptions({
    queryKey: groupKeys.invitations(),
    queryFn: () => call(routes.groups.invitations, { query: { type: 'pending' } }),
    ...reload,
  });

/** Open applications to the groups the viewer administers. */
export const applicationsQuery = () =>
  queryOptions({
    queryKey: groupKeys.applications(),
    queryFn: () => call(routes.groups.applications),
    ...reload,
  });

/** Open topic suggestions in the groups where the viewer manages topics. */
export const suggestionsQuery = () =>
  queryOptions({
    queryKey: groupKeys.suggestions(),
    queryFn: () => call(routes.topics.suggestions),
    ...reload,
  });

/** A mutation that reloads every groups query (lists, invitations, applications, suggestions, pages) on success. */
function useGroupsMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: groupKeys.all }),
  });
}

/** Joins an open group directly, or asks to join a group that needs approval. */
export const useJoinOrApply = () =>
  useGroupsMutation(({ id, freeToJoin }: { id: number; freeToJoin: boolean }) =>
    freeToJoin
      ? call(routes.groups.join, { params: { id } })
      : call(routes.groups.requestApproval, { params: { id } }),
  );

/** An answer to an invitation (to the viewer) or an application (to a group the viewer administers). */
export interface MembershipAnswer {
  /** The membership row's id. */
  membershipId: number;
  type: 'invite' | 'application';
  accept: boolean;
}

/** Accepts or declines an invitation or an application: invite -> invitations, application -> applications. */
export const useAnswerMembership = () =>
  useGroupsMutation(({ membershipId: id, type, accept }: MembershipAnswer) => {
    const params = { id };
    if (type === 'invite') {
      return accept
        ? call(routes.groups.acceptInvitation, { params })
        : call(routes.groups.declineInvitation, { params });
    }
    return accept
      ? call(routes.groups.acceptApplication, { params })
      : call(routes.groups.declineApplication, { params });
  });

/** Accepts a topic suggestion (it becomes a topic) or declines it. */
export const useAnswerSuggestion = () =>
  useGroupsMutation(async ({ id, accept }: { id: number; accept: boolean }) => {
    if (accept) return call(routes.topics.acceptSuggestion, { params: { id } });
    await call(routes.topics.declineSuggestion, { params: { id } });
    return null;
  });

/** What the group form sends: texts, kind and the uploaded image (null removes it in edit mode). */
export interface GroupFormValues {
  name?: string;
  description: string;
  type: GroupType;
  img_id?: number | null;
}

/** Creates a group; the creator becomes its admin. */
export const useCreateGroup = () =>
  useGroupsMutation(({ name, description, type, img_id }: GroupFormValues) =>
    call(routes.groups.create, { body: { name: name ?? '', description, type, img_id, users: [] } }),
  );

/** Edits a group (admins); `name` is sent only when `update_group_name` is on. */
export const useUpdateGroup = (id: number) =>
  useGroupsMutation((values: GroupFormValues) =>
    call(routes.groups.update, { params: { id }, body: values }),
  );

/** Uploads an image for a group or topic (the server checks type and size by content). */
export const uploadGroupImage = (file: File) => upload(routes.groups.uploadImage, file);

/** Crops an uploaded group or topic image; coordinates are pixels of the uploaded original. */
export const cropGroupImage = (id: number, coordinates: ImageCrop) =>
  call(routes.groups.cropImage, { body: { id, coordinates } });
