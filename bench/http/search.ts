// Directory search and quick search on the whole community, with many members' sessions (searches are
// rate-limited per member). Budget (issue 14): p95 at most 50 ms.
import { spreadMembers } from '../lib/community';
import { compareLoad, runGroup } from '../lib/group';
import { measure } from '../lib/load';
import { connectionsFor } from '../lib/options';
import { sampleOf } from '../lib/report';
import { startBaseline, startPlaza } from '../lib/servers';
import { signIn } from '../lib/sessions';

const members = 500;

const searches: Record<string, string> = {
  'directory-search': '/api/v2/users?query=Berlin&page=1',
  'quick-search': '/api/v2/users/search?q=Luk',
};

await runGroup('search', Object.keys(searches), async ({ options, db, startAll, scenario }) => {
  const connections = connectionsFor(options, 10);
  const [plaza, baseline] = await startAll(
    startPlaza({ databaseUrl: options.databaseUrl }),
    startBaseline({ databaseUrl: options.databaseUrl }),
  );
  const sessions = await signIn(plaza.url, options.databaseUrl, await spreadMembers(db, members));
  for (const [name, path] of Object.entries(searches)) {
    await scenario(name, async () => {
      return {
        setup: `GET ${path}; ${connections} connections, ${options.duration} s each, ${sessions.length} members in turn`,
        ...(await compareLoad(options, { plaza, baseline }, async (url, duration) =>
          sampleOf(await measure({ url, connections, duration, requests: [{ path }], sessions })),
        )),
        shown: [
          ['rps', 'req/s'],
          ['p95_ms', 'ms p95'],
        ],
        checks: (p) => [{ name: 'p95', value: p.p95_ms!, limit: 50, atMost: true, unit: ' ms' }],
      };
    });
  }
});
