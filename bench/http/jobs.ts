// The jobs board on the generated community (2,000 jobs at scale 1, most of them open): the members'
// list filtered by a location and an employment type, its first page and a deep page, and a job with its
// neighbours in the filtered list. Budgets as the streams: at least half the baseline's throughput, p99
// at most 50 ms at 50 connections.
import { benchJobLocation } from '../data/jobs';
import { spreadMembers } from '../lib/community';
import { compareGet, runGroup } from '../lib/group';
import { connectionsFor } from '../lib/options';
import { latencyCheck, throughputCheck } from '../lib/report';
import { startBaseline, startPlaza } from '../lib/servers';
import { signIn } from '../lib/sessions';

const members = 20;
const perPage = 20;

await runGroup(
  'jobs',
  ['jobs-list-filtered', 'jobs-list-first-page', 'jobs-list-deep-page', 'job-page'],
  async (group) => {
    const { options, db, startAll, scenario } = group;
    const [plaza, baseline] = await startAll(
      startPlaza({ databaseUrl: options.databaseUrl }),
      startBaseline({ databaseUrl: options.databaseUrl }),
    );
    const sessions = await signIn(plaza.url, options.databaseUrl, await spreadMembers(db, members));
    const { rows } = await db.query<{ open: number; middle: number | null }>(
      `select count(*)::int as open,
         (select id from jobs where state = 'open' and location_id = $1
          order by published_at desc, id desc offset 1 limit 1) as middle
       from jobs where state = 'open'`,
      [benchJobLocation],
    );
    const { open, middle } = rows[0]!;
    // The deepest full page of the open jobs (page 80 of 85 at scale 1).
    const deep = Math.max(1, Math.floor(open / perPage) - 5);
    const filters = `filters[location][]=${benchJobLocation}&filters[location][]=${benchJobLocation + 1}&filters[employment_type][]=full_time`;
    const load = (name: string, path: string) =>
      scenario(name, async () => ({
        setup: `GET ${path}; ${connectionsFor(options, 50)} connections, ${options.duration} s each, ${sessions.length} members in turn; ${open} open jobs`,
        ...(await compareGet(
          options,
          { plaza, baseline },
          { path, connections: connectionsFor(options, 50), sessions },
        )),
        shown: [
          ['rps', 'req/s'],
          ['p99_ms', 'ms p99'],
        ],
        checks: (p, b) => [throughputCheck(p, b), latencyCheck(p, 'p99', 50)],
      }));
    await load('jobs-list-filtered', `/api/v2/jobs?${filters}&page=1`);
    await load('jobs-list-first-page', '/api/v2/jobs?page=1');
    await load('jobs-list-deep-page', `/api/v2/jobs?page=${deep}`);
    await load('job-page', `/api/v2/jobs/${middle ?? 1}?filters[location][]=${benchJobLocation}`);
  },
);
