import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { isSuperadmin } from '../../platform/permissions';
import { closeSessionSockets } from '../../platform/realtime';
import { endAllSessions, endSession } from '../../platform/session';
import { loadEditableMember, type PeopleDeps } from './access';
import { dropFormerAvatar } from './avatar';
import type { Viewer } from './profile-policy';

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
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`'superadmin' = any(${users.permissions})`);
    if ((row?.n ?? 0) <= 1) {
      throw new AppError(
        409,
        'conflict',
        'The last superadmin cannot be deleted. Appoint another one first.',
      );
    }
  }
  const sessionIds = await endAllSessions(db, member.id);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update group_memberships set role = 'admin', updated_at = now()
      where id in (
        select distinct on (m.group_id) m.id from group_memberships m
        where m.status = 'accepted' and m.user_id <> ${member.id}
          and m.group_id in (
            select a.group_id from group_memberships a
            where a.user_id = ${member.id} and a.role = 'admin' and a.status = 'accepted')
          and not exists (
            select 1 from group_memberships o
            where o.group_id = m.group_id and o.role = 'admin' and o.status = 'accepted'
              and o.user_id <> ${member.id})
        order by m.group_id, m.created_at, m.id)`);
    await tx.delete(users).where(eq(users.id, member.id));
  });
  await closeSessionSockets(deps.bus, sessionIds);
  await dropFormerAvatar(deps, member.image_id);
  if (viewer.id === member.id) await endSession(db, call.request, call.reply, deps.secureCookies);
  return { success: true };
}
