// The audit log on the generated community (500,000 entries at scale 1, a year of administration):
// GET admin/audit as a superadmin, its first page, filtered by a resource type, filtered by an actor,
// and a deep keyset page (`before` near the oldest entries). Every filter walks an index ending in the
// id, so each page reads about a page of rows. Budget: p99 at most 50 ms each. Plaza alone: the
// superadmin's log has no baseline counterpart.
import { superadminUsername } from '../data/accounts';
import { measureReads, runGroup } from '../lib/group';
import { latencyCheck } from '../lib/report';
import { startPlaza } from '../lib/servers';
import { signIn } from '../lib/sessions';

await runGroup(
  'audit',
  ['audit-first-page', 'audit-by-resource', 'audit-by-actor', 'audit-deep-page'],
  async (group) => {
    const { options, db, startAll, scenario } = group;
    const [plaza] = await startAll(startPlaza({ databaseUrl: options.databaseUrl }));
    const readers = await signIn(plaza.url, options.databaseUrl, [superadminUsername]);
    const { rows } = await db.query<{ n: number; deep: number }>(
      // The deep page starts a twentieth of the way from the oldest entry.
      `select count(*)::int as n, coalesce(min(id) + (max(id) - min(id)) / 20, 1)::int as deep from audit_events`,
    );
    const { n, deep } = rows[0]!;
    const load = (name: string, path: string) =>
      scenario(name, async () => {
        const { connections, ...samples } = await measureReads(options, plaza, readers, () => [{ path }]);
        return {
          setup: `GET ${path} as the superadmin; ${connections} connections, ${options.duration} s each; ${n} entries`,
          ...samples,
          shown: [
            ['rps', 'req/s'],
            ['p99_ms', 'ms p99'],
          ],
          checks: (p) => [latencyCheck(p, 'p99', 50)],
        };
      });
    await load('audit-first-page', '/api/v2/admin/audit');
    await load('audit-by-resource', '/api/v2/admin/audit?resource_type=product');
    await load('audit-by-actor', '/api/v2/admin/audit?actor_id=1');
    await load('audit-deep-page', `/api/v2/admin/audit?before=${deep}`);
  },
);
