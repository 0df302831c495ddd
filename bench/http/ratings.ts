// Employer ratings on the generated community (50 locations, 100,000 reviews): the ratings list, the
// rating page of the most reviewed location and a deep page of its comments (a cursor 500 comments down),
// each as the streams (at least half the baseline's throughput, p99 at most 50 ms at 50 connections); and
// the export of that location as a superadmin downloads it (issue 48: at most 5 s, the server's resident
// memory at most 100 MB above what it was before the download).
import { superadminUsername } from '../data/accounts';
import { spreadMembers } from '../lib/community';
import { alternate, compareGet, runGroup } from '../lib/group';
import { connectionsFor } from '../lib/options';
import { latencyCheck, type Sample, throughputCheck } from '../lib/report';
import { type RunningServer, startBaseline, startPlaza } from '../lib/servers';
import { type MemberSession, signIn } from '../lib/sessions';

const members = 20;
/** How deep the comments page lies: this many comments below the newest. */
const commentsDepth = 500;

/** One download of the export: its seconds, bytes and the server's RSS growth while it ran. */
async function download(server: RunningServer, path: string, session: MemberSession): Promise<Sample> {
  const before = server.rssBytes();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rssBytes());
  }, 20);
  const started = performance.now();
  try {
    const response = await fetch(`${server.url}${path}`, { headers: { cookie: session.cookie } });
    const bytes = (await response.arrayBuffer()).byteLength;
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, server.rssBytes());
    return {
      seconds: Math.round(seconds * 100) / 100,
      kb: Math.round(bytes / 1024),
      rss_growth_mb: Math.round(((peak - before) / 2 ** 20) * 10) / 10,
      errors: 0,
      non2xx: response.ok ? 0 : 1,
    };
  } finally {
    clearInterval(sampler);
  }
}

await runGroup(
  'ratings',
  ['ratings-list', 'rating-page', 'rating-comments-deep-page', 'ratings-export'],
  async (group) => {
    const { options, db, startAll, scenario } = group;
    const [plaza, baseline] = await startAll(
      startPlaza({ databaseUrl: options.databaseUrl }),
      startBaseline({ databaseUrl: options.databaseUrl }),
    );
    const sessions = await signIn(plaza.url, options.databaseUrl, await spreadMembers(db, members));
    const { rows } = await db.query<{ id: number; reviews: number; comments: number }>(
      `select l.id, l.review_count as reviews,
         (select count(*)::int from location_reviews r where r.location_id = l.id and r.comment is not null) as comments
       from locations l order by l.review_count desc, l.id limit 1`,
    );
    const largest = rows[0]!;
    const { rows: deep } = await db.query<{ id: number }>(
      `select id from location_reviews where location_id = $1 and comment is not null
       order by id desc offset $2 limit 1`,
      [largest.id, Math.min(commentsDepth, Math.max(0, largest.comments - 1))],
    );
    const cursor = `b${deep[0]?.id ?? 2_147_483_647}`;
    const about = `location ${largest.id}: ${largest.reviews} reviews, ${largest.comments} comments`;
    const load = async (name: string, path: string) =>
      scenario(name, async () => {
        const connections = connectionsFor(options, 50);
        return {
          setup: `GET ${path}; ${connections} connections, ${options.duration} s each, ${sessions.length} members in turn; ${about}`,
          ...(await compareGet(options, { plaza, baseline }, { path, connections, sessions })),
          shown: [
            ['rps', 'req/s'],
            ['p99_ms', 'ms p99'],
          ],
          checks: (p, b) => [throughputCheck(p, b), latencyCheck(p, 'p99', 50)],
        };
      });
    await load('ratings-list', '/api/v2/ratings?page=1');
    await load('rating-page', `/api/v2/ratings/${largest.id}`);
    await load('rating-comments-deep-page', `/api/v2/ratings/${largest.id}/comments?page=${cursor}`);

    await scenario('ratings-export', async () => {
      const [admin] = await signIn(plaza.url, options.databaseUrl, [superadminUsername]);
      const path = `/api/v2/ratings/ratings_export?filters[location][]=${largest.id}&locale=de_DE`;
      // One unmeasured download of each side first (plans, the JIT, the workbook writer's code).
      await download(plaza, path, admin!);
      await download(baseline, path, admin!);
      return {
        setup: `GET ${path} as a superadmin, one download at a time; ${about}; the baseline answers the same rows as JSON`,
        ...(await alternate(
          options,
          () => download(plaza, path, admin!),
          () => download(baseline, path, admin!),
        )),
        shown: [
          ['seconds', 's'],
          ['rss_growth_mb', 'MB RSS growth'],
          ['kb', 'KB'],
        ],
        checks: (p) => [
          { name: 'seconds', value: p.seconds!, limit: 5, atMost: true, unit: ' s' },
          { name: 'RSS growth', value: p.rss_growth_mb!, limit: 100, atMost: true, unit: ' MB' },
        ],
      };
    });
  },
);
