import type pg from 'pg';
import { memberUsername } from '../data/accounts';

/** Who and what the stream scenarios read, chosen from whatever the bench database holds. */
export interface StreamSubjects {
  /** A member in a usual number of groups, among them the busiest private group. */
  username: string;
  userId: number;
  groupId: number;
  groupPosts: number;
  topicId: number;
  topicPosts: number;
  activities: number;
}

async function one<T extends pg.QueryResultRow>(
  db: pg.Pool,
  text: string,
  values: unknown[] = [],
): Promise<T> {
  const { rows } = await db.query<T>(text, values);
  if (!rows[0]) throw new Error(`the bench database has nothing for: ${text.split('\n')[0]}`);
  return rows[0];
}

/**
 * The reader: the busiest private group (approval or open when there is none) and one of its
 * members who is in 3 to 10 groups with the longest activity feed; the busiest topic the member may read.
 */
export async function streamSubjects(db: pg.Pool): Promise<StreamSubjects> {
  const group = await one<{ group_id: number; n: number }>(
    db,
    `select p.group_id, count(*)::int as n from posts p join groups g on g.id = p.group_id
     group by p.group_id, g.type
     order by case g.type when 'private' then 0 when 'approval' then 1 else 2 end, count(*) desc limit 1`,
  );
  const member = await one<{ user_id: number; activities: number }>(
    db,
    `select m.user_id, (select count(*)::int from activities a where a.user_id = m.user_id) as activities
     from group_memberships m join users u on u.id = m.user_id and u.username like 'member%'
     where m.group_id = $1 and m.status = 'accepted'
     order by case when (select count(*) from group_memberships o where o.user_id = m.user_id and o.status = 'accepted')
       between 3 and 10 then 0 else 1 end, 2 desc, m.user_id
     limit 1`,
    [group.group_id],
  );
  const topic = await one<{ topic_id: number; n: number }>(
    db,
    `select p.topic_id, count(*)::int as n from posts p join groups g on g.id = p.group_id
     where p.topic_id is not null and (g.type = 'open' or exists (select 1 from group_memberships m
       where m.group_id = g.id and m.user_id = $1 and m.status = 'accepted'))
     group by p.topic_id order by count(*) desc limit 1`,
    [member.user_id],
  );
  return {
    username: memberUsername(member.user_id),
    userId: member.user_id,
    groupId: group.group_id,
    groupPosts: group.n,
    topicId: topic.topic_id,
    topicPosts: topic.n,
    activities: member.activities,
  };
}

/** The generated members (ids 1 to n, `member<id>`), without the superadmin. */
export async function memberCount(db: pg.Pool): Promise<number> {
  const row = await one<{ n: number }>(
    db,
    `select count(*)::int as n from users where username like 'member%'`,
  );
  return row.n;
}

/** `count` members spread over the whole community (every k-th), for loads that use many sessions. */
export async function spreadMembers(db: pg.Pool, count: number): Promise<string[]> {
  const total = await memberCount(db);
  const step = Math.max(1, Math.floor(total / count));
  return Array.from({ length: Math.min(count, total) }, (_, i) => memberUsername(1 + i * step));
}
