import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../platform/errors';
import { isSuperadmin } from '../../platform/permissions';
import { closeSessionSockets } from '../../platform/realtime';
import { endAllSessions, endSession } from '../../platform/session';
import { type AuditActor, type AuditOrigin, recordAudit } from '../audit';
import { eraseMemberContent } from '../privacy';
import { deleteStoredFiles } from '../uploads';
import { loadEditableMember, type PeopleDeps } from './access';
import { dropFormerAvatar } from './avatar';
import { profilePolicy, type Viewer } from './profile-policy';
import { usersRepo } from './repo';

/** Whether the member is the only superadmin left, whose account must stay (asked only of superadmins). */
export async function isLastSuperadmin(db: Db, member: { permissions: readonly string[] }): Promise<boolean> {
  return isSuperadmin(member) && (await usersRepo.superadminCount(db)) <= 1;
}

/**
 * DELETE users/:id (the member themself, superadmin or users; only a superadmin deletes a superadmin).
 * Ends every session of the member (their sockets close on every instance), hands the admin role of
 * groups they alone administered to the longest-standing member, removes their content as the
 * contract's `personal-data.ts` documents (posts they authored, group files, chat attachments, data
 * exports; chat messages stay without a sender, orders and subscriptions without the account, reviews
 * anonymous), deletes the account (addresses, children, custom field values, follows, comments,
 * likes, memberships and their activities go with it) and then the stored files and the avatar. The
 * last superadmin cannot be deleted.
 */
export async function deleteAccount(
  deps: PeopleDeps,
  viewer: Viewer & AuditActor,
  userId: number,
  call: { request: FastifyRequest; reply: FastifyReply; origin: AuditOrigin },
): Promise<{ success: true }> {
  const { db } = deps;
  const member = await loadEditableMember(db, viewer, userId);
  if (!profilePolicy.can(viewer, 'delete', member))
    throw forbidden('Only a superadmin deletes a superadmin.');
  if (await isLastSuperadmin(db, member)) {
    throw new AppError(
      409,
      'last_superadmin',
      'The last superadmin cannot be deleted. Appoint another one first.',
    );
  }
  const sessionIds = await endAllSessions(db, member.id);
  const storedPaths = await db.transaction(async (tx) => {
    const paths = await eraseMemberContent(tx, member.id);
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
    return paths;
  });
  await closeSessionSockets(deps.bus, sessionIds);
  await deleteStoredFiles(deps.storage, storedPaths);
  await dropFormerAvatar(deps, member.image_id);
  if (viewer.id === member.id) await endSession(db, call.request, call.reply, deps.secureCookies);
  return { success: true };
}
