// The billing view on the generated community (50,000 subscriptions at scale 1, four in five of
// members, each with its plan, some with a gift, up to four invoices): a member's subscriptions
// (GET subscriptions/mine: the rows and their items in one statement) and the invoices of one
// (GET subscriptions/:id/invoices: the owner checked, a keyset page). Budget: p99 at most 50 ms each.
// Plaza alone, as the shop's scenarios.
import { memberUsername } from '../data/accounts';
import { measureReads, runGroup } from '../lib/group';
import type { LoadRequest } from '../lib/load';
import { latencyCheck } from '../lib/report';
import { startPlaza } from '../lib/servers';
import { signIn } from '../lib/sessions';

const readersCount = 20;

await runGroup('billing', ['billing-mine', 'billing-invoices'], async (group) => {
  const { options, db, startAll, scenario } = group;
  const [plaza] = await startAll(startPlaza({ databaseUrl: options.databaseUrl }));
  const shown: [string, string][] = [
    ['rps', 'req/s'],
    ['p99_ms', 'ms p99'],
  ];
  const { rows: counted } = await db.query<{ n: number }>('select count(*)::int as n from subscriptions');
  const subscriptionCount = counted[0]!.n;
  // Readers: the first subscribers (spread over the table: member m holds subscriptions m, m + members,
  // ...), each with their newest subscription.
  const { rows: owners } = await db.query<{ user_id: number; id: number }>(
    `select distinct on (user_id) user_id, id from subscriptions
     where user_id is not null and state <> 'pending'
     order by user_id, id desc limit ${readersCount}`,
  );
  const readers = await signIn(
    plaza.url,
    options.databaseUrl,
    owners.map((row) => memberUsername(row.user_id)),
  );
  const measured = (requests: () => LoadRequest[]) => measureReads(options, plaza, readers, requests);

  await scenario('billing-mine', async () => {
    const { connections, ...samples } = await measured(() => [
      { path: '/billing-api/v1/subscriptions/mine' },
    ]);
    return {
      setup: `GET /billing-api/v1/subscriptions/mine of ${readers.length} members in turn; ${connections} connections, ${options.duration} s each; ${subscriptionCount} subscriptions`,
      ...samples,
      shown,
      checks: (p) => [latencyCheck(p, 'p99', 50)],
    };
  });

  await scenario('billing-invoices', async () => {
    // The load asks for the path right after choosing the session: counting in step gives each reader
    // their own subscription.
    const { connections, ...samples } = await measured(() => {
      let turn = 0;
      return [{ path: () => `/billing-api/v1/subscriptions/${owners[turn++ % owners.length]!.id}/invoices` }];
    });
    return {
      setup: `GET /billing-api/v1/subscriptions/:id/invoices, each of ${readers.length} members their newest subscription in turn; ${connections} connections, ${options.duration} s each`,
      ...samples,
      shown,
      checks: (p) => [latencyCheck(p, 'p99', 50)],
    };
  });
});
