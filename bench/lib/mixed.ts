import type pg from 'pg';
import { memberUsername } from '../data/accounts';
import { type Figures, type LoadRequest, measureAtRate } from './load';
import type { Sample } from './report';
import type { MemberSession } from './sessions';

/** The mixed workload's share of writes: ten reads to one write. */
export const writeShare = 1 / 11;

/** What the mixed workload sends, and to whom it belongs (see `mixedWorkload`). */
export interface MixedWorkload {
  /** The site-wide group (the busiest open group) and its first active topic. */
  group: { id: number; topic_id: number | null };
  /** Generated members of that group (`member<id>`), whose sessions send the mix in turn. */
  usernames: string[];
  reads: LoadRequest[];
  writes: LoadRequest[];
}

/**
 * A working day's mix (issue 14): ten reads (what page loads ask for) to one write (a post, a comment,
 * a like) by up to `members` members of the site-wide group, who post into it and read and react to its
 * newest posts. Used by `http/mixed.ts` and the soak (`http/soak.ts`).
 */
export async function mixedWorkload(db: pg.Pool, members: number): Promise<MixedWorkload> {
  const { rows: groups } = await db.query<{ id: number; topic_id: number | null }>(
    `select g.id, (select min(t.id) from topics t where t.group_id = g.id and t.status = 'active') as topic_id
     from groups g where g.type = 'open'
     order by (select count(*) from group_memberships m where m.group_id = g.id and m.status = 'accepted') desc
     limit 1`,
  );
  const group = groups[0]!;
  const { rows: authors } = await db.query<{ user_id: number }>(
    `select m.user_id from group_memberships m join users u on u.id = m.user_id and u.username like 'member%'
     where m.group_id = $1 and m.status = 'accepted' order by m.user_id limit $2`,
    [group.id, members],
  );
  const { rows: recent } = await db.query<{ id: number }>(
    'select id from posts where group_id = $1 order by created_at desc limit 200',
    [group.id],
  );
  let turn = 0;
  const nextPost = () => recent[turn++ % recent.length]!.id;
  // What members' page loads ask for: the session and settings, the news stream (page 1, sometimes 2),
  // the unread count and the activity feed, a group stream, a post's comments.
  const reads: LoadRequest[] = [
    { path: '/api/v2/auth/is_authenticated' },
    { path: '/api/v2/settings' },
    { path: '/api/v2/news?page=1&per_page=10' },
    { path: '/api/v2/activities/unread_activities' },
    { path: '/api/v2/news?page=2&per_page=10' },
    { path: '/api/v2/activities?page=1&per_page=20' },
    { path: '/api/v2/auth/is_authenticated' },
    { path: `/api/v2/news?group_id=${group.id}&page=1&per_page=10` },
    { path: () => `/api/v2/comments?type=post&id=${nextPost()}&page=1&per_page=20` },
    { path: '/api/v2/news?page=1&per_page=10' },
  ];
  const writes: LoadRequest[] = [
    {
      method: 'POST',
      path: '/api/v2/posts',
      body: () => ({
        description: `<p>Bench post ${turn++}: the mixed workload writes this.</p>`,
        group_id: group.id,
        topic_id: group.topic_id,
      }),
    },
    {
      method: 'PUT',
      path: '/api/v2/comments',
      body: () => ({ type: 'post', id: nextPost(), text: 'Danke!' }),
    },
    { method: 'PUT', path: '/api/v2/likes', body: () => ({ type: 'post', id: nextPost(), like: true }) },
  ];
  return { group, usernames: authors.map((row) => memberUsername(row.user_id)), reads, writes };
}

/**
 * The mix as two open loads at once (reads and writes, `rate` requests a second together) against one
 * server for `duration` seconds; reads and writes measured apart, each latency from its scheduled start.
 */
export async function measureMixedFigures(
  url: string,
  duration: number,
  rate: number,
  workload: MixedWorkload,
  sessions: MemberSession[],
): Promise<{ read: Figures; write: Figures }> {
  const [read, write] = await Promise.all([
    measureAtRate({ url, duration, rate: rate * (1 - writeShare), requests: workload.reads, sessions }),
    measureAtRate({ url, duration, rate: rate * writeShare, requests: workload.writes, sessions }),
  ]);
  return { read, write };
}

/** `measureMixedFigures` as a sample: the rate, reads' and writes' p50 and p99, the failures. */
export async function measureMixed(
  url: string,
  duration: number,
  rate: number,
  workload: MixedWorkload,
  sessions: MemberSession[],
): Promise<Sample> {
  const { read, write } = await measureMixedFigures(url, duration, rate, workload, sessions);
  return {
    rps: read.rps + write.rps,
    requests: read.requests + write.requests,
    reads_p50_ms: read.p50,
    reads_p99_ms: read.p99,
    writes_p50_ms: write.p50,
    writes_p99_ms: write.p99,
    non2xx: read.non2xx + write.non2xx,
    errors: read.errors + write.errors,
  };
}
