// A working day's mix at a fixed 1,000 requests per second: ten reads (what page loads ask for) to one
// write (a post, a comment, a like), each request with the next of many members' sessions, so
// per-member rate limits are not what is measured. Reads and writes are measured apart (two open loads
// at once, each latency from its scheduled start). Budget (issue 14): reads p99 at most 50 ms, writes
// p99 at most 100 ms, no errors.
import { memberUsername } from '../data/accounts';
import { compareLoad, runGroup } from '../lib/group';
import { type LoadRequest, measureAtRate } from '../lib/load';
import type { Sample } from '../lib/report';
import { startBaseline, startPlaza } from '../lib/servers';
import { signIn } from '../lib/sessions';

const writeShare = 1 / 11;
const members = 200;

await runGroup('mixed', ['mixed-workload'], async ({ options, db, startAll, scenario }) => {
  // The smoke run only proves that the mix works: a rate any machine keeps.
  const rate = options.smoke ? 30 : 1_000;
  // The site-wide group (the busiest open group): its members post into it, and read and react to its posts.
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
  const [plaza, baseline] = await startAll(
    startPlaza({ databaseUrl: options.databaseUrl }),
    startBaseline({ databaseUrl: options.databaseUrl }),
  );
  const sessions = await signIn(
    plaza.url,
    options.databaseUrl,
    authors.map((row) => memberUsername(row.user_id)),
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

  await scenario('mixed-workload', async () => {
    const run = async (url: string, duration: number): Promise<Sample> => {
      const [read, write] = await Promise.all([
        measureAtRate({ url, duration, rate: rate * (1 - writeShare), requests: reads, sessions }),
        measureAtRate({ url, duration, rate: rate * writeShare, requests: writes, sessions }),
      ]);
      return {
        rps: read.rps + write.rps,
        reads_p50_ms: read.p50,
        reads_p99_ms: read.p99,
        writes_p50_ms: write.p50,
        writes_p99_ms: write.p99,
        non2xx: read.non2xx + write.non2xx,
        errors: read.errors + write.errors,
      };
    };
    return {
      setup: `${rate} req/s for ${options.duration} s each, 10 reads : 1 write, ${sessions.length} members of group ${group.id} in turn`,
      ...(await compareLoad(options, { plaza, baseline }, run)),
      shown: [
        ['rps', 'req/s'],
        ['reads_p99_ms', 'ms reads p99'],
        ['writes_p99_ms', 'ms writes p99'],
      ],
      checks: (p) => [
        { name: 'reads p99', value: p.reads_p99_ms!, limit: 50, atMost: true, unit: ' ms' },
        { name: 'writes p99', value: p.writes_p99_ms!, limit: 100, atMost: true, unit: ' ms' },
      ],
    };
  });
});
