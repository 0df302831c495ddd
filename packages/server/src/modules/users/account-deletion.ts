import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { isSuperadmin } from '../../platform/permissions';
import { closeSessionSockets } from '../../platform/realtime';
import { endAllSessions, endSession } from '../../platform/session';
import { type AuditActor, type AuditOrigin, recordAudit } from '../audit';
import { loadEditableMember, type PeopleDeps } from './access';
import { dropFormerAvatar } from './avatar';
import type { Viewer } from './profile-policy';
import { usersRepo } from './repo';

/** Whether the member is the only superadmin left, whose account must stay (asked only of superadmins). */
export async function isLastSuperadmin(db: Db, member: { permissions: readonly string[] }): Promise<boolean> {
  return isSuperadmin(member) && (await usersRepo.superadminCount(db)) <= 1;
}

/**
 * DELETE users/:id (the member themself, superadmin or users). Ends every session of the member
 * (their sockets close on every instance), hands the admin role of groups they alone administered
 * to the longest-standing member, deletes the account (addresses, children, custom field values,
 * follows, memberships and their activities go with it; groups, topics, files and posts they wrote
 * stay without an author) and removes the avatar files. The last superadmin cannot be deleted.
 */
export async function deleteAccount(
  deps: PeopleDeps,
  viewer: Viewer & AuditActor,
  userId: number,
  call: { request: FastifyRequest; reply: FastifyReply; origin: AuditOrigin },
): Promise<{ success: true }> {
  const { db } = deps;
  const member = await loadEditableMember(db, viewer, userId);
  if (await isLastSuperadmin(db, member)) {
    throw new AppError(
      409,
      'last_superadmin',
      'The last superadmin cannot be deleted. Appoint another one first.',
    );
  }
  const sessionIds = await endAllSessions(db, member.id);
  await db.transaction(async (tx) => {
    await usersRepo.deleteHandingOverGroups(tx, member.id);
    await recordAudit(tx, {
      actor: viewer.id === member.id ? null : viewer,
      origin: call.origin,
      action: 'member.delete',
      resource_type: 'member',
      resource_id: member.id,
      before: {
        username: member.username,
        email: member.email,
        firstname: member.firstname,
        lastname: member.lastname,
      },
    });
  });
  await closeSessionSockets(deps.bus, sessionIds);
  await dropFormerAvatar(deps, member.image_id);
  if (viewer.id === member.id) await endSession(db, call.request, call.reply, deps.secureCookies);
  return { success: true };
}
