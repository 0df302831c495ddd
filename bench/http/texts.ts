// The customer's own texts (issue 51): every page load asks for the overrides of its language beside the
// built-in bundle, and the settings with them. Both are documents kept parsed per instance and dropped on
// change, so a load after an override was stored must read from memory. Budget: p99 at most 50 ms each.
// Plaza alone (the baseline has no overrides).

import { superadminUsername } from '../data/accounts';
import { spreadMembers } from '../lib/community';
import { runGroup } from '../lib/group';
import { measure } from '../lib/load';
import { connectionsFor } from '../lib/options';
import { latencyCheck, type Sample, sampleOf } from '../lib/report';
import { startPlaza } from '../lib/servers';
import { type MemberSession, signIn } from '../lib/sessions';

const warmUp = { full: 2, smoke: 0.5 };
const overrides = {
  de_DE: { 'admin.title': 'Verwaltung', 'menu.main.dashboard': 'Start', 'menu.main.groups': 'Teams' },
  en_GB: { 'admin.title': 'Back office', 'menu.main.dashboard': 'Start', 'menu.main.groups': 'Teams' },
};

/** Stores the text overrides as the administration does. */
async function storeOverrides(url: string, admin: MemberSession, value: unknown): Promise<void> {
  const response = await fetch(`${url}/api/v2/admin/documents/text_overrides`, {
    method: 'PUT',
    headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ value }),
  });
  if (!response.ok) throw new Error(`storing the text overrides answered ${response.status}`);
}

const calls: Record<string, string> = {
  'text-overrides': '/api/v2/languages/de_DE/overrides',
  'settings-with-overrides': '/api/v2/settings',
};

await runGroup('texts', Object.keys(calls), async ({ options, db, startAll, scenario }) => {
  const [plaza] = await startAll(startPlaza({ databaseUrl: options.databaseUrl }));
  const [admin] = await signIn(plaza.url, options.databaseUrl, [superadminUsername]);
  const sessions = await signIn(plaza.url, options.databaseUrl, await spreadMembers(db, 20));
  await storeOverrides(plaza.url, admin!, overrides);
  try {
    for (const [name, path] of Object.entries(calls)) {
      await scenario(name, async () => {
        const connections = connectionsFor(options, 50);
        const run = async (seconds: number) =>
          sampleOf(
            await measure({ url: plaza.url, connections, duration: seconds, requests: [{ path }], sessions }),
          );
        await run(options.smoke ? warmUp.smoke : warmUp.full);
        const samples: Sample[] = [];
        for (let i = 0; i < options.repetitions; i += 1) samples.push(await run(options.duration));
        return {
          setup: `GET ${path} of ${sessions.length} members in turn after an override was stored; ${connections} connections, ${options.duration} s each`,
          plaza: samples,
          baseline: [],
          shown: [
            ['rps', 'req/s'],
            ['p99_ms', 'ms p99'],
          ],
          checks: (p) => [latencyCheck(p, 'p99', 50)],
        };
      });
    }
  } finally {
    // The next run starts from the built-in texts.
    await storeOverrides(plaza.url, admin!, {});
  }
});
