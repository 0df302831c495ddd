import { type groupUserListTypes, limits } from '@plaza/contract';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { recheckMemberStreams } from '../../platform/realtime';
import type { SessionUser } from '../../platform/request-context';
import { countAdmins, loadGroupAccess, requireGroupRead, requireMemberManager } from './access';
import type { GroupDeps } from './deps';
import { membersRepo } from './members-repo';
import { notifyMember } from './notify';
import { combinedName, presentMemberPage, presentOwnMembership } from './presenter';
import { groupsRepo } from './repo';

const conflict = (message: string) => new AppError(409, 'conflict', message);
const lastAdmin = () =>
  new AppError(409, 'last_admin', 'The last admin of a group has to make someone else admin first.');

/** Joins an open group directly. */
export async function joinGroup(db: Db, user: SessionUser, groupId: number) {
  const access = await loadGroupAccess(db, groupId, user);
  if (access.membership?.status === 'accepted') throw conflict('You are a member of this group already.');
  if (access.group.type !== 'open') {
    throw badRequest('This group cannot be joined directly: it needs an approval or an invitation.');
  }
  const row = await membersRepo.upsert(db, {
    group_id: groupId,
    user_id: user.id,
    role: 'member',
    status: 'accepted',
    kind: access.membership?.kind ?? 'application',
  });
  return { success: true as const, membership: presentOwnMembership(row) };
}

/** Applies to join a group that needs approval; every admin of the group gets an application activity. */
export async function requestApproval(deps: GroupDeps, user: SessionUser, groupId: number) {
  const access = await loadGroupAccess(deps.db, groupId, user);
  const status = access.membership?.status;
  if (status === 'accepted') throw conflict('You are a member of this group already.');
  if (access.group.type !== 'approval') {
    throw badRequest('Only groups that need an approval take applications.');
  }
  if (status === 'applied') throw conflict('You have applied to this group already.');
  if (status === 'pending') throw conflict('You are invited to this group: accept the invitation instead.');
  const row = await membersRepo.upsert(deps.db, {
    group_id: groupId,
    user_id: user.id,
    role: 'member',
    status: 'applied',
    kind: 'application',
    invited_by: null,
  });
  for (const adminId of await membersRepo.adminIds(deps.db, groupId)) {
    await notifyMember(deps, {
      userId: adminId,
      actorId: user.id,
      type: 'application',
      text: 'application',
      vars: { name: combinedName(user), group: access.group.name },
      url: '/groups',
      membership: { id: row.id, status: 'applied' },
    });
  }
  return { success: true as const, membership: presentOwnMembership(row) };
}

/** Leaves a group; the last admin has to hand over first. The member's open streams stop listening to it. */
export async function leaveGroup(deps: GroupDeps, user: SessionUser, groupId: number) {
  await loadGroupAccess(deps.db, groupId, user);
  await deps.db.transaction(async (tx) => {
    await groupsRepo.lock(tx, groupId);
    const row = await membersRepo.of(tx, groupId, user.id);
    if (row?.status !== 'accepted') throw conflict('You are not a member of this group.');
    if (row.role === 'admin' && (await countAdmins(tx, groupId)) <= 1) throw lastAdmin();
    await membersRepo.remove(tx, row.id);
  });
  await recheckMemberStreams(deps.bus, user.id);
  return { success: true as const };
}

export type MemberListQuery = {
  type: (typeof groupUserListTypes)[number];
  page: number;
  per_page: number;
  search?: string;
  filter?: number[];
};

/**
 * A member list of a group: members and admins for those who may read the group's content; invitations,
 * declined invitations, applications and invite candidates for those who manage its members.
 */
export async function listMembers(db: Db, user: SessionUser, groupId: number, query: MemberListQuery) {
  const access = await loadGroupAccess(db, groupId, user);
  if (query.type === 'all' || query.type === 'admins') requireGroupRead(access);
  else requireMemberManager(access);
  const perPage = Math.min(query.per_page, limits.maxPageSize);
  const options = {
    search: query.search,
    filter: query.filter,
    limit: perPage,
    offset: (query.page - 1) * perPage,
  };
  const page =
    query.type === 'candidates'
      ? await membersRepo.candidates(db, groupId, options)
      : await membersRepo.page(db, groupId, query.type, options);
  return presentMemberPage(page, query.page, perPage);
}

/** Makes members of the group admins (member managers); everyone listed must be a member. */
export async function addAdmins(db: Db, user: SessionUser, groupId: number, userIds: number[]) {
  const access = await loadGroupAccess(db, groupId, user);
  requireMemberManager(access);
  const ids = [...new Set(userIds)];
  const current = await membersRepo.ofUsers(db, groupId, ids);
  const outsiders = ids.filter((id) => current.get(id)?.status !== 'accepted');
  if (outsiders.length) {
    throw badRequest(`Only members of the group can become admins: ${outsiders.join(', ')}.`, 'users');
  }
  await membersRepo.setRole(db, groupId, ids, 'admin');
  return { success: true as const };
}

/** Takes admin rights back (member managers); the last admin stays. */
export async function removeAdmin(db: Db, user: SessionUser, groupId: number, userId: number) {
  const access = await loadGroupAccess(db, groupId, user);
  requireMemberManager(access);
  await db.transaction(async (tx) => {
    await groupsRepo.lock(tx, groupId);
    const row = await membersRepo.of(tx, groupId, userId);
    if (row?.status !== 'accepted' || row.role !== 'admin') throw notFound('The admin');
    if ((await countAdmins(tx, groupId)) <= 1) throw lastAdmin();
    await membersRepo.setRole(tx, groupId, [userId], 'member');
  });
  return { success: true as const };
}

/**
 * Removes a member from the group (member managers); the last admin stays. The member's open streams stop
 * listening to the group, on every instance.
 */
export async function removeMember(deps: GroupDeps, user: SessionUser, groupId: number, userId: number) {
  const access = await loadGroupAccess(deps.db, groupId, user);
  requireMemberManager(access);
  await deps.db.transaction(async (tx) => {
    await groupsRepo.lock(tx, groupId);
    const row = await membersRepo.of(tx, groupId, userId);
    if (row?.status !== 'accepted') throw notFound('The member');
    if (row.role === 'admin' && (await countAdmins(tx, groupId)) <= 1) throw lastAdmin();
    await membersRepo.remove(tx, row.id);
  });
  await recheckMemberStreams(deps.bus, userId);
  return { success: true as const };
}
