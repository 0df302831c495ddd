import type { InviteMemberInput, UserPermission } from '@plaza/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { routes } from '../../../lib/endpoint-routes';

/** Accounts per page of the member list. */
export const membersPageSize = 20;

/** Query keys of the members feature; every change refreshes the whole list. */
export const memberKeys = {
  all: ['members'] as const,
  page: (query: string, page: number) => [...memberKeys.all, query, page] as const,
};

/** A page of accounts, optionally those matching a text. */
export const membersQuery = (query: string, page: number) =>
  queryOptions({
    queryKey: memberKeys.page(query, page),
    queryFn: () =>
      call(routes.members.list, { query: { query: query || undefined, page, per_page: membersPageSize } }),
    placeholderData: keepPreviousData,
  });

function useRefreshMembers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: memberKeys.all });
}

/** Invites a member by email. */
export function useInviteMember() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: (body: InviteMemberInput) => call(routes.members.invite, { body }),
    onSuccess: refresh,
  });
}

/** Deactivates or reactivates an account. */
export function useSetMemberActive() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      call(active ? routes.members.reactivate : routes.members.deactivate, { params: { id } }),
    onSuccess: refresh,
  });
}

/** Mails a member a link to set a new password (or the invitation again). */
export function useMailPasswordLink() {
  return useMutation({
    mutationFn: (id: number) => call(routes.members.resetPassword, { params: { id } }),
  });
}

/** Deletes an account for good (its content as the contract's personal-data rules say). */
export function useDeleteMember() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: (id: number) => call(routes.users.remove, { params: { id } }),
    onSuccess: refresh,
  });
}

/** Makes an account's permissions exactly these (superadmins). */
export function useSetMemberPermissions() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: ({ id, permissions }: { id: number; permissions: UserPermission[] }) =>
      call(routes.members.setPermissions, { params: { id }, body: { permissions } }),
    onSuccess: refresh,
  });
}
