import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { isSuperadmin } from '../../platform/permissions';
import { closeSessionSockets } from '../../platform/realtime';
import { endAllSessions, endSession } from '../../platform/session';
import { loadEditableMember, type PeopleDeps } from './access';
import { dropFormerAvatar } from './avatar';
import type { Viewer } from './profile-policy';
import { usersRepo } from './repo';

/**
 * DELETE users/:id (the member themself, superadmin or users). Ends every session of the member
 * (their sockets close on every instance), hands the admin role of groups they alone administered
 * to the longest-standing member, deletes the account (addresses, children, custom field values,
 * follows, memberships and their activities go with it; groups, topics, files and posts they wrote
 * stay without an author) and removes the avatar files. The last superadmin cannot be deleted.
 */
export async function deleteAccount(
  deps: PeopleDeps,
  viewer: Viewer,
  userId: number,
  call: { request: FastifyRequest; reply: FastifyReply },
): Promise<{ success: true }> {
  const { db } = deps;
  const member = await loadEditableMember(db, viewer, userId);
  if (isSuperadmin(member)) {
    if ((await usersRepo.superadminCount(db)) <= 1) {
      throw new AppError(
        409,
        'conflict',
        'The last superadmin cannot be deleted. Appoint another one first.',
      );
    }
  }
  const sessionIds = await endAllSessions(db, member.id);
  await usersRepo.deleteHandingOverGroups(db, member.id);
  await closeSessionSockets(deps.bus, sessionIds);
  await dropFormerAvatar(deps, member.image_id);
  if (viewer.id === member.id) await endSession(db, call.request, call.reply, deps.secureCookies);
  return { success: true };
}
