import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inlineCount } from '../../db/inline-count';
import { groupMemberships, groups, topics, users } from '../../db/schema';

/** Queries behind the post form's choices: groups to post into, their topics, authors to post as. */
export const postOptionsRepo = {
  /** Groups the member belongs to (all groups for a superadmin), by name. */
  async postableGroups(db: Db, userId: number, superadmin: boolean) {
    const member = sql`exists (select 1 from ${groupMemberships} where ${groupMemberships.group_id} = ${groups.id} and ${groupMemberships.user_id} = ${userId} and ${groupMemberships.status} = 'accepted')`;
    return db
      .select({ id: groups.id, name: groups.name })
      .from(groups)
      .where(superadmin ? undefined : member)
      .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id));
  },
  /** Active topics of the groups, by name. */
  async topicsOf(db: Db, groupIds: number[]) {
    if (groupIds.length === 0) return [];
    return db
      .select({ id: topics.id, name: topics.name, group_id: topics.group_id })
      .from(topics)
      .where(and(inArray(topics.group_id, groupIds), eq(topics.status, 'active')))
      .orderBy(asc(sql`lower(${topics.name})`), asc(topics.id));
  },
  /** Members signed up (terms accepted), matching a name search, by name. */
  async authors(db: Db, search: string, limit: number, offset: number) {
    const where = authorWhere(search);
    const [rows, [count]] = await Promise.all([
      db
        .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, img: users.img_path })
        .from(users)
        .where(where)
        .orderBy(asc(sql`lower(${users.lastname})`), asc(sql`lower(${users.firstname})`), asc(users.id))
        .limit(inlineCount(limit))
        .offset(offset),
      db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  },
};

function authorWhere(search: string): SQL | undefined {
  const accepted = eq(users.agb_nda_accepted, true);
  if (!search) return accepted;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return and(
    accepted,
    or(
      ilike(users.firstname, pattern),
      ilike(users.lastname, pattern),
      ilike(sql`${users.firstname} || ' ' || ${users.lastname}`, pattern),
    ),
  );
}
