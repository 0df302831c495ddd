// Cold start: from spawning the process to its first 200 from /readyz, on the migrated bench database
// (Plaza checks its migrations, builds the app and connects; the baseline only connects). Budget
// (issue 14): at most 1.5 s.
import { alternate, runGroup } from '../lib/group';
import type { Sample } from '../lib/report';
import { type RunningServer, startBaseline, startPlaza } from '../lib/servers';

await runGroup('cold-start', ['cold-start'], async ({ options, scenario }) => {
  await scenario('cold-start', async () => {
    const once = async (start: () => Promise<RunningServer>): Promise<Sample> => {
      const server = await start();
      await server.stop();
      return { ms: Math.round(server.startupMs), errors: 0, non2xx: 0 };
    };
    return {
      setup: 'spawn to the first 200 of /readyz, a new process each time',
      ...(await alternate(
        options,
        () => once(() => startPlaza({ databaseUrl: options.databaseUrl })),
        () => once(() => startBaseline({ databaseUrl: options.databaseUrl })),
      )),
      shown: [['ms', 'ms']],
      checks: (p) => [{ name: 'start to ready', value: p.ms!, limit: 1500, atMost: true, unit: ' ms' }],
    };
  });
});
