import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inlineCount } from '../../db/inline-count';
import { userFollows, users } from '../../db/schema';
import type { UserRow } from './repo';

/** Queries on who follows whom. */
export const followsRepo = {
  /** How many follow the member, how many they follow, and whether `viewerId` follows them. */
  async stats(db: Db, userId: number, viewerId: number) {
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
      followers: Number(followers?.n ?? 0),
      following: Number(following?.n ?? 0),
      followed: Boolean(mine),
    };
  },
  /** A page of the members `followerId` follows, by last and first name, and their total. */
  async followedPage(
    db: Db,
    followerId: number,
    limit: number,
    offset: number,
  ): Promise<{ rows: UserRow[]; total: number }> {
    const where = eq(userFollows.follower_id, followerId);
    const [total] = await db.select({ n: count() }).from(userFollows).where(where);
    const rows = await db
      .select({ user: users })
      .from(userFollows)
      .innerJoin(users, eq(users.id, userFollows.followed_id))
      .where(where)
      .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id))
      .limit(inlineCount(limit))
      .offset(offset);
    return { rows: rows.map((row) => row.user), total: Number(total?.n ?? 0) };
  },
  /** Ids of the members `followerId` follows, ascending. */
  async followedIds(db: Db, followerId: number): Promise<number[]> {
    const rows = await db
      .select({ id: userFollows.followed_id })
      .from(userFollows)
      .where(eq(userFollows.follower_id, followerId))
      .orderBy(asc(userFollows.followed_id));
    return rows.map((row) => row.id);
  },
  /** How many of the ids are members. */
  async countExisting(db: Db, ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const known = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [...ids]));
    return known.length;
  },
  async add(db: Db, followerId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .insert(userFollows)
      .values(ids.map((id) => ({ follower_id: followerId, followed_id: id })))
      .onConflictDoNothing();
  },
  async remove(db: Db, followerId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .delete(userFollows)
      .where(and(eq(userFollows.follower_id, followerId), inArray(userFollows.followed_id, [...ids])));
  },
};
