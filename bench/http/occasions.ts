// Persons of occasion on the generated community (10,000 members with birthdays and entry dates): the
// dashboard's occasions slider, asked for on every dashboard load, and the occasions page's first and a
// later page (with its total). Budgets: the slider as the streams (at least half the baseline's
// throughput, p99 at most 50 ms at 50 connections); the list pages as the searches, a page a member opens
// now and then (p95 at most 50 ms at 10 connections).
import { spreadMembers } from '../lib/community';
import { compareGet, runGroup } from '../lib/group';
import { connectionsFor } from '../lib/options';
import { latencyCheck, throughputCheck } from '../lib/report';
import { startBaseline, startPlaza } from '../lib/servers';
import { signIn } from '../lib/sessions';

const members = 20;

await runGroup(
  'occasions',
  ['occasions-feed', 'occasions-list', 'occasions-list-later-page'],
  async (group) => {
    const { options, db, startAll, scenario } = group;
    const [plaza, baseline] = await startAll(
      startPlaza({ databaseUrl: options.databaseUrl }),
      startBaseline({ databaseUrl: options.databaseUrl }),
    );
    const sessions = await signIn(plaza.url, options.databaseUrl, await spreadMembers(db, members));
    const { rows } = await db.query<{ birthdays: number; anniversaries: number }>(
      'select count(birthday)::int as birthdays, count(entry_date)::int as anniversaries from users',
    );
    const dated = `${rows[0]!.birthdays} birthdays, ${rows[0]!.anniversaries} entry dates`;
    const load = async (name: string, path: string, connections: number, slider: boolean) =>
      scenario(name, async () => ({
        setup: `GET ${path}; ${connections} connections, ${options.duration} s each, ${sessions.length} members in turn; ${dated}`,
        ...(await compareGet(options, { plaza, baseline }, { path, connections, sessions })),
        shown: [['rps', 'req/s'], slider ? ['p99_ms', 'ms p99'] : ['p95_ms', 'ms p95']],
        checks: (p, b) =>
          slider ? [throughputCheck(p, b), latencyCheck(p, 'p99', 50)] : [latencyCheck(p, 'p95', 50)],
      }));
    await load('occasions-feed', '/api/v2/occasions/feed?limit=6', connectionsFor(options, 50), true);
    await load('occasions-list', '/api/v2/occasions?page=1', connectionsFor(options, 10), false);
    await load('occasions-list-later-page', '/api/v2/occasions?page=20', connectionsFor(options, 10), false);
  },
);
