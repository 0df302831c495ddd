import type { MembershipStatus } from '@plaza/contract';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { type GroupAccess, loadGroupAccess, requireMemberManager } from './access';
import type { GroupDeps } from './deps';
import { type MembershipRow, membersRepo } from './members-repo';
import { notifyMember } from './notify';
import { combinedName, presentMembership, presentOwnMembership } from './presenter';

const conflict = (message: string) => new AppError(409, 'conflict', message);

/** Records the invite activity (in the invitee's language) for a pending invitation. */
async function announceInvitation(
  deps: GroupDeps,
  actor: SessionUser,
  access: GroupAccess,
  row: MembershipRow,
) {
  await notifyMember(deps, {
    userId: row.user_id,
    actorId: actor.id,
    type: 'invite',
    text: 'invite',
    vars: { name: combinedName(actor), group: access.group.name },
    // The groups list answers invitations; a private group's page stays closed until then.
    url: '/groups',
    membership: { id: row.id, status: 'pending' },
  });
}

/**
 * Invites members into a group the actor may manage: only existing members who are not in the group
 * yet. An earlier invitation or application that was not accepted becomes a pending invitation.
 */
export async function inviteInto(
  deps: GroupDeps,
  actor: SessionUser,
  access: GroupAccess,
  userIds: number[],
) {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const known = await membersRepo.existingUserIds(deps.db, ids);
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw badRequest(`Unknown members: ${unknown.join(', ')}.`, 'users');
  const current = await membersRepo.ofUsers(deps.db, access.group.id, ids);
  const members = ids.filter((id) => current.get(id)?.status === 'accepted');
  if (members.length) throw conflict(`Already members of the group: ${members.join(', ')}.`);
  for (const id of ids) {
    const row = await membersRepo.upsert(deps.db, {
      group_id: access.group.id,
      user_id: id,
      role: 'member',
      status: 'pending',
      kind: 'invite',
      invited_by: actor.id,
    });
    await announceInvitation(deps, actor, access, row);
  }
}

/** Invites members (admins of the group); each gets an invite activity. */
export async function inviteMembers(deps: GroupDeps, user: SessionUser, groupId: number, userIds: number[]) {
  const access = await loadGroupAccess(deps.db, groupId, user);
  requireMemberManager(access);
  await inviteInto(deps, user, access, userIds);
  return { success: true as const };
}

const isInvitation = (row: MembershipRow | undefined, statuses: MembershipStatus[]): row is MembershipRow =>
  Boolean(row && row.kind === 'invite' && statuses.includes(row.status));

/** Sends pending or declined invitations again (admins): they become pending and each invitee is told again. */
export async function resendInvitations(
  deps: GroupDeps,
  user: SessionUser,
  groupId: number,
  userIds: number[],
) {
  const access = await loadGroupAccess(deps.db, groupId, user);
  requireMemberManager(access);
  const ids = [...new Set(userIds)];
  const current = await membersRepo.ofUsers(deps.db, groupId, ids);
  const missing = ids.filter((id) => !isInvitation(current.get(id), ['pending', 'declined']));
  if (missing.length === 1 && ids.length === 1) throw notFound('The invitation');
  if (missing.length) throw badRequest(`No invitation to send again for: ${missing.join(', ')}.`, 'users');
  for (const id of ids) {
    const row = await membersRepo.update(deps.db, current.get(id)!.id, {
      status: 'pending',
      invited_by: user.id,
    });
    await announceInvitation(deps, user, access, row);
  }
  return { success: true as const };
}

/** Removes one invitation row of a given state (admins): withdrawing a pending one, forgetting a declined one. */
export async function removeInvitation(
  db: Db,
  user: SessionUser,
  groupId: number,
  userId: number,
  status: 'pending' | 'declined',
) {
  const access = await loadGroupAccess(db, groupId, user);
  requireMemberManager(access);
  const row = await membersRepo.of(db, groupId, userId);
  if (!isInvitation(row, [status])) throw notFound('The invitation');
  await membersRepo.remove(db, row.id);
  return { success: true as const };
}

/** Invitations to the signed-in member: pending ones, or with `all` also the answered ones. */
export async function listInvitations(db: Db, user: SessionUser, type: 'pending' | 'all') {
  const statuses: MembershipStatus[] = type === 'pending' ? ['pending'] : ['pending', 'accepted', 'declined'];
  const rows = await membersRepo.invitationsOf(db, user.id, statuses);
  return { results: rows.map(presentMembership) };
}

/** Accepts or declines an invitation; only the invitee may, and only while it is pending. */
export async function answerInvitation(db: Db, user: SessionUser, membershipId: number, accept: boolean) {
  const row = await membersRepo.byId(db, membershipId);
  if (!row || row.user_id !== user.id || row.kind !== 'invite') throw notFound('The invitation');
  const updated = await membersRepo.transition(db, row.id, 'pending', {
    status: accept ? 'accepted' : 'declined',
  });
  if (!updated) throw conflict('This invitation has been answered already.');
  return { success: true as const, membership: presentOwnMembership(updated) };
}
