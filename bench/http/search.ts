// Directory search, quick search and the search across the community (issue 16) on the whole community,
// with many members' sessions (searches are rate-limited per member). Budget (issues 14, 16): p95 at most
// 50 ms.
import { rateLimitTable } from '../../packages/server/src/platform/rate-limit/limits';
import { spreadMembers } from '../lib/community';
import { compareGet, runGroup } from '../lib/group';
import { connectionsFor } from '../lib/options';
import { latencyCheck } from '../lib/report';
import { startBaseline, startPlaza } from '../lib/servers';
import { signIn } from '../lib/sessions';

const members = 500;

const searches: Record<string, string> = {
  'directory-search': '/api/v2/users?query=Berlin&page=1',
  'quick-search': '/api/v2/users/search?q=Luk',
  // The search across the community (issue 16): a word in about one post in seven (and in articles), and a
  // word in a handful of the million posts (bench/data/words.ts `rareWords`).
  'global-search-common': '/api/v2/pages/search?query=Meeting&page=1',
  'global-search-rare': '/api/v2/pages/search?query=Quokka&page=1',
};

await runGroup('search', Object.keys(searches), async ({ options, db, startAll, scenario }) => {
  const connections = connectionsFor(options, 10);
  const [plaza, baseline] = await startAll(
    startPlaza({ databaseUrl: options.databaseUrl }),
    startBaseline({ databaseUrl: options.databaseUrl }),
  );
  const sessions = await signIn(plaza.url, options.databaseUrl, await spreadMembers(db, members));
  // Searches are limited per member: the load stays within half of what its members may send in the
  // limit's window (the rest for the warm-ups and the windows' edges). At scale 1 that is 500 a second,
  // above what the searches answer; a small community's few members (the CI smoke run) would otherwise
  // be refused within a second.
  const { max, windowSeconds } = rateLimitTable.searches;
  const rate = (sessions.length * max) / windowSeconds / 2;
  for (const [name, path] of Object.entries(searches)) {
    await scenario(name, async () => {
      return {
        setup: `GET ${path}; ${connections} connections, ${options.duration} s each, ${sessions.length} members in turn, at most ${rate} req/s`,
        ...(await compareGet(options, { plaza, baseline }, { path, connections, sessions, rate })),
        shown: [
          ['rps', 'req/s'],
          ['p95_ms', 'ms p95'],
        ],
        checks: (p) => [latencyCheck(p, 'p95', 50)],
      };
    });
  }
});
