// The cheapest calls, which every page load makes, with a member's session cookie: Plaza reads the
// session on each (its onRequest hook), so the baseline's routes read it the same way (SHA-256 of the
// cookie, one row) and then the same settings rows. Budget (issue 14): at least half the baseline's
// throughput.
import { spreadMembers } from '../lib/community';
import { compareGet, runGroup } from '../lib/group';
import { connectionsFor } from '../lib/options';
import { throughputCheck } from '../lib/report';
import { startBaseline, startPlaza } from '../lib/servers';
import { signIn } from '../lib/sessions';

const calls: Record<string, string> = {
  settings: '/api/v2/settings',
  'is-authenticated': '/api/v2/auth/is_authenticated',
  healthz: '/healthz',
};

await runGroup('cheap', Object.keys(calls), async ({ options, db, startAll, scenario }) => {
  const connections = connectionsFor(options, 50);
  const [plaza, baseline] = await startAll(
    startPlaza({ databaseUrl: options.databaseUrl }),
    startBaseline({ databaseUrl: options.databaseUrl }),
  );
  const sessions = await signIn(plaza.url, options.databaseUrl, await spreadMembers(db, 1));
  for (const [name, path] of Object.entries(calls)) {
    await scenario(name, async () => {
      return {
        setup: `GET ${path} with a member's session; ${connections} connections, ${options.duration} s each`,
        ...(await compareGet(options, { plaza, baseline }, { path, connections, sessions })),
        shown: [
          ['rps', 'req/s'],
          ['p99_ms', 'ms p99'],
        ],
        checks: (p, b) => [throughputCheck(p, b)],
      };
    });
  }
});
