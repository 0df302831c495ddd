// A working day's mix at a fixed 1,000 requests per second: ten reads (what page loads ask for) to one
// write (a post, a comment, a like), each request with the next of many members' sessions, so
// per-member rate limits are not what is measured. Reads and writes are measured apart (two open loads
// at once, each latency from its scheduled start). Budget (issue 14): reads p99 at most 50 ms, writes
// p99 at most 100 ms, no errors. The mix itself is `lib/mixed.ts` (the soak sends it too).
import { compareLoad, runGroup } from '../lib/group';
import { measureMixed, mixedWorkload } from '../lib/mixed';
import { startBaseline, startPlaza } from '../lib/servers';
import { signIn } from '../lib/sessions';

const members = 200;

await runGroup('mixed', ['mixed-workload'], async ({ options, db, startAll, scenario }) => {
  // The smoke run only proves that the mix works: a rate any machine keeps.
  const rate = options.smoke ? 30 : 1_000;
  const workload = await mixedWorkload(db, members);
  const [plaza, baseline] = await startAll(
    startPlaza({ databaseUrl: options.databaseUrl }),
    startBaseline({ databaseUrl: options.databaseUrl }),
  );
  const sessions = await signIn(plaza.url, options.databaseUrl, workload.usernames);

  await scenario('mixed-workload', async () => ({
    setup: `${rate} req/s for ${options.duration} s each, 10 reads : 1 write, ${sessions.length} members of group ${workload.group.id} in turn`,
    ...(await compareLoad(options, { plaza, baseline }, (url, duration) =>
      measureMixed(url, duration, rate, workload, sessions),
    )),
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
