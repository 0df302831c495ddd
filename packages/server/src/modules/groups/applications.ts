import type { Db } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { loadGroupAccess, requireMemberManager } from './access';
import type { GroupDeps } from './deps';
import { membersRepo } from './members-repo';
import { notifyMember } from './notify';
import { presentMembership, presentOwnMembership } from './presenter';

/** Open applications to the groups the signed-in member administers. */
export async function listApplications(db: Db, user: SessionUser) {
  const rows = await membersRepo.applicationsFor(db, user.id);
  return { results: rows.map(presentMembership) };
}

/**
 * Accepts or declines an application (those who manage the group's members); the applicant gets an
 * application_accepted or application_declined activity.
 */
export async function answerApplication(
  deps: GroupDeps,
  user: SessionUser,
  membershipId: number,
  accept: boolean,
) {
  const row = await membersRepo.byId(deps.db, membershipId);
  if (row?.kind !== 'application') throw notFound('The application');
  const access = await loadGroupAccess(deps.db, row.group_id, user);
  // Only the group's members and the applicant learn that the application exists: to anyone else it
  // answers as one that does not (a public group is seen by all, its applications are not).
  const insider = access.membership?.status === 'accepted' || row.user_id === user.id;
  if (!access.canManageMembers && !insider) throw notFound('The application');
  requireMemberManager(access);
  const status = accept ? 'accepted' : 'declined';
  const updated = await membersRepo.transition(deps.db, row.id, 'applied', { status });
  if (!updated) throw new AppError(409, 'conflict', 'This application has been answered already.');
  await notifyMember(deps, {
    userId: row.user_id,
    actorId: user.id,
    type: accept ? 'application_accepted' : 'application_declined',
    text: accept ? 'application_accepted' : 'application_declined',
    vars: { group: access.group.name },
    url: accept ? `/groups/${row.group_id}` : '/groups',
    membership: { id: row.id, status },
  });
  return { success: true as const, membership: presentOwnMembership(updated) };
}
