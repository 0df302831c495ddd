import { buildPagination, type PageQuery } from '@plaza/contract';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userFollows, users } from '../../db/schema';
import { badRequest, forbidden } from '../../platform/errors';
import { loadUserView, presentUser } from './presenter';
import type { Viewer } from './profile-policy';

/** How many follow a member, how many they follow, and whether the viewer follows them. */
export async function followStats(db: Db, userId: number, viewerId: number) {
  const [followers] = await db
    .select({ n: count() })
    .from(userFollows)
    .where(eq(userFollows.followed_id, userId));
  const [following] = await db
    .select({ n: count() })
    .from(userFollows)
    .where(eq(userFollows.follower_id, userId));
  const [mine] = await db
    .select({ id: userFollows.followed_id })
    .from(userFollows)
    .where(and(eq(userFollows.follower_id, viewerId), eq(userFollows.followed_id, userId)));
  return {
    followers_count: Number(followers?.n ?? 0),
    following_count: Number(following?.n ?? 0),
    followed: Boolean(mine),
  };
}

/** GET users/follows: the members the viewer follows, by last and first name, as the viewer may see them. */
export async function listFollows(db: Db, viewer: Viewer, query: PageQuery) {
  const where = eq(userFollows.follower_id, viewer.id);
  const [total] = await db.select({ n: count() }).from(userFollows).where(where);
  const rows = await db
    .select({ user: users })
    .from(userFollows)
    .innerJoin(users, eq(users.id, userFollows.followed_id))
    .where(where)
    .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const view = await loadUserView(db, viewer);
  return {
    results: rows.map((row) => presentUser(row.user, view)),
    pagination: buildPagination(query.page, query.per_page, Number(total?.n ?? 0)),
  };
}

async function followedIds(db: Db, followerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userFollows.followed_id })
    .from(userFollows)
    .where(eq(userFollows.follower_id, followerId))
    .orderBy(asc(userFollows.followed_id));
  return rows.map((row) => row.id);
}

/** Only the member themself changes whom they follow. */
function requireSelf(viewer: Viewer, followerId: number): void {
  if (viewer.id !== followerId) throw forbidden('You can only change whom you follow yourself.');
}

/** PUT users/:id/follows: follow members (not oneself; every id must be a member). */
export async function follow(db: Db, viewer: Viewer, followerId: number, ids: number[]) {
  requireSelf(viewer, followerId);
  const unique = [...new Set(ids)];
  if (unique.includes(followerId)) throw badRequest('You cannot follow yourself.', 'follows');
  const known = await db.select({ id: users.id }).from(users).where(inArray(users.id, unique));
  if (known.length !== unique.length) throw badRequest('Some of these members do not exist.', 'follows');
  await db
    .insert(userFollows)
    .values(unique.map((id) => ({ follower_id: followerId, followed_id: id })))
    .onConflictDoNothing();
  return { follows: await followedIds(db, followerId) };
}

/** DELETE users/:id/follows: stop following members (ids not followed are ignored). */
export async function unfollow(db: Db, viewer: Viewer, followerId: number, ids: number[]) {
  requireSelf(viewer, followerId);
  await db
    .delete(userFollows)
    .where(and(eq(userFollows.follower_id, followerId), inArray(userFollows.followed_id, ids)));
  return { follows: await followedIds(db, followerId) };
}
