// A group's member list on the generated community: the largest group (the site-wide one, about a
// fifth of the members), page 1 (what a group or topic page shows beside its stream) and a later page,
// read by one of its members. Budget: as the streams (at least half the baseline's throughput, p99 at
// most 50 ms at 50 connections).
import { memberUsername } from '../data/accounts';
import { compareGet, runGroup } from '../lib/group';
import { connectionsFor } from '../lib/options';
import { latencyCheck, throughputCheck } from '../lib/report';
import { startBaseline, startPlaza } from '../lib/servers';
import { signIn } from '../lib/sessions';

const perPage = 15;

await runGroup('groups', ['group-members-first-page', 'group-members-later-page'], async (group) => {
  const { options, db, startAll, scenario } = group;
  const connections = connectionsFor(options, 50);
  const { rows } = await db.query<{ group_id: number; members: number; user_id: number }>(
    `select m.group_id, (select count(*)::int from group_memberships a where a.group_id = m.group_id and a.status = 'accepted') as members,
       min(m.user_id) as user_id
     from group_memberships m join users u on u.id = m.user_id and u.username like 'member%'
     where m.status = 'accepted' group by m.group_id order by 2 desc, 1 limit 1`,
  );
  const subject = rows[0];
  if (!subject) throw new Error('The bench database has no group members: run npm run bench:data again.');
  const [plaza, baseline] = await startAll(
    startPlaza({ databaseUrl: options.databaseUrl }),
    startBaseline({ databaseUrl: options.databaseUrl }),
  );
  const sessions = await signIn(plaza.url, options.databaseUrl, [memberUsername(subject.user_id)]);
  const laterPage = Math.max(1, Math.min(20, Math.floor(subject.members / perPage)));
  for (const [name, page] of [
    ['group-members-first-page', 1],
    ['group-members-later-page', laterPage],
  ] as const) {
    const path = `/api/v2/groups/${subject.group_id}/users?page=${page}&per_page=${perPage}`;
    await scenario(name, async () => ({
      setup: `GET ${path} (group ${subject.group_id} of ${subject.members} members) as ${memberUsername(subject.user_id)}; ${connections} connections, ${options.duration} s each`,
      ...(await compareGet(options, { plaza, baseline }, { path, connections, sessions })),
      shown: [
        ['rps', 'req/s'],
        ['p99_ms', 'ms p99'],
      ],
      checks: (p, b) => [throughputCheck(p, b), latencyCheck(p, 'p99', 50)],
    }));
  }
});
