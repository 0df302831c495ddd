// A CMS page built from modules (issue 16), read by a member: its text, an article teaser, web news, a
// stream widget, a profile teaser, a subpage and coachings, each reference looked up with the member's
// rights. Budget: p99 at most 50 ms at 50 connections.
import { spreadMembers } from '../lib/community';
import { compareLoad, runGroup } from '../lib/group';
import { measure } from '../lib/load';
import { connectionsFor } from '../lib/options';
import { latencyCheck, sampleOf } from '../lib/report';
import { startBaseline, startPlaza } from '../lib/servers';
import { signIn } from '../lib/sessions';

await runGroup('pages', ['cms-page'], async ({ options, db, startAll, scenario }) => {
  const connections = connectionsFor(options, 50);
  const [plaza, baseline] = await startAll(
    startPlaza({ databaseUrl: options.databaseUrl }),
    startBaseline({ databaseUrl: options.databaseUrl }),
  );
  const sessions = await signIn(plaza.url, options.databaseUrl, await spreadMembers(db, 20));
  const { rows } = await db.query<{ id: number }>(
    "select id from pages where type = 'page' and jsonb_array_length(modules) >= 7 order by id limit 20",
  );
  if (rows.length === 0)
    throw new Error('The bench database has no content pages: run npm run bench:data again.');
  let turn = 0;
  const requests = [{ path: () => `/api/v2/pages/${rows[turn++ % rows.length]!.id}` }];
  await scenario('cms-page', async () => ({
    setup: `GET /api/v2/pages/{id} of ${rows.length} pages of 7 modules in turn; ${connections} connections, ${options.duration} s each, ${sessions.length} members`,
    ...(await compareLoad(options, { plaza, baseline }, async (url, duration) =>
      sampleOf(await measure({ url, connections, duration, requests, sessions })),
    )),
    shown: [
      ['rps', 'req/s'],
      ['p99_ms', 'ms p99'],
    ],
    checks: (p) => [latencyCheck(p, 'p99', 50)],
  }));
});
