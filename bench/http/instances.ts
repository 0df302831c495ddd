// Several instances on one database (issue 52): three compiled servers share the database and Redis
// (a channel prefix of their own), and the mixed workload (lib/mixed.ts: 10 reads : 1 write) goes to
// each at a third of the rate at once, straight to each (no proxy). The database then gets the work
// of three instances' pools and pipes at once, more than one instance's connections would carry.
// Figures: the rate served in all, and reads' and writes' p50 and p99 of the slowest instance. Plaza
// alone; budgets as the mixed workload's (reads p99 50 ms, writes p99 100 ms, no errors).
//
// `npm run bench -- --only instances` (rate 1,500 req/s; `BENCH_INSTANCES_RATE` sets another).
import { randomBytes } from 'node:crypto';
import { runGroup, warmRepeat } from '../lib/group';
import { measureMixedFigures, mixedWorkload } from '../lib/mixed';
import { startPlaza } from '../lib/servers';
import { signIn } from '../lib/sessions';

const instances = 3;
const members = 300;

await runGroup('instances', ['mixed-three-instances'], async ({ options, db, startAll, scenario }) => {
  const rate = options.smoke ? 30 : Number(process.env.BENCH_INSTANCES_RATE ?? 1_500);
  const workload = await mixedWorkload(db, members);
  const prefix = `plaza-bench-${randomBytes(4).toString('hex')}:`;
  const servers = await startAll(
    ...Array.from({ length: instances }, (_, index) =>
      startPlaza(
        { databaseUrl: options.databaseUrl, redisUrl: options.redisUrl, env: { REDIS_PREFIX: prefix } },
        `plaza-${index + 1}`,
      ),
    ),
  );
  // Sessions live in the database: signed in on one instance, valid on all.
  const sessions = await signIn(servers[0]!.url, options.databaseUrl, workload.usernames);

  await scenario('mixed-three-instances', async () => ({
    setup: `${instances} instances, ${rate} req/s in all (a third each) for ${options.duration} s, 10 reads : 1 write, ${sessions.length} members of group ${workload.group.id}`,
    ...(await warmRepeat(options, async (duration) => {
      const figures = await Promise.all(
        servers.map((server) =>
          measureMixedFigures(server.url, duration, rate / instances, workload, sessions),
        ),
      );
      const max = (pick: (each: (typeof figures)[number]) => number) => Math.max(...figures.map(pick));
      const sum = (pick: (each: (typeof figures)[number]) => number) =>
        figures.reduce((total, each) => total + pick(each), 0);
      return {
        rps: sum((each) => each.read.rps + each.write.rps),
        requests: sum((each) => each.read.requests + each.write.requests),
        reads_p50_ms: max((each) => each.read.p50),
        reads_p99_ms: max((each) => each.read.p99),
        writes_p50_ms: max((each) => each.write.p50),
        writes_p99_ms: max((each) => each.write.p99),
        non2xx: sum((each) => each.read.non2xx + each.write.non2xx),
        errors: sum((each) => each.read.errors + each.write.errors),
      };
    })),
    shown: [
      ['rps', 'req/s'],
      ['reads_p99_ms', 'ms reads p99'],
      ['writes_p99_ms', 'ms writes p99'],
    ],
    checks: (p) => [
      { name: 'reads p99', value: p.reads_p99_ms!, limit: 50, atMost: true, unit: ' ms' },
      { name: 'writes p99', value: p.writes_p99_ms!, limit: 100, atMost: true, unit: ' ms' },
    ],
  }));
});
