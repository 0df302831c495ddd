// Orders on the generated community (200,000 orders at scale 1, about 20 per member, and the shop's 40
// products): a member's purchase of a one-line cart by invoice (the cart locked, priced and emptied, the
// order and its line written, the mail with the invoice PDF made after the commit), the member's order
// list and one of their orders. Budgets: the purchase p99 at most 100 ms, the reads at most 50 ms.
// Plaza alone, as the shop's scenarios: the work measured is the purchase's rules and writes.
import { memberUsername } from '../data/accounts';
import { memberCount } from '../lib/community';
import { measureReads, runGroup, warmRepeat } from '../lib/group';
import { figuresOf, type LoadRequest } from '../lib/load';
import { connectionsFor } from '../lib/options';
import { latencyCheck, sampleOf } from '../lib/report';
import { startPlaza } from '../lib/servers';
import { type MemberSession, signIn } from '../lib/sessions';

const readersCount = 20;

/**
 * Purchases for `seconds`: each buyer (one connection each) puts a piece in the cart, unmeasured, then
 * buys it, measured, until the time is up.
 */
async function purchases(url: string, buyers: MemberSession[], productId: number, seconds: number) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let non2xx = 0;
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const post = (session: MemberSession, path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await Promise.all(
    buyers.map(async (session) => {
      while (performance.now() < deadline) {
        try {
          const added = await post(session, '/api/v2/carts/mine/items', {
            product_id: productId,
            quantity: 1,
          });
          await added.arrayBuffer();
          const started = performance.now();
          const bought = await post(session, '/api/v2/payments', { agb: true });
          await bought.arrayBuffer();
          latencies.push(performance.now() - started);
          statuses[bought.status] = (statuses[bought.status] ?? 0) + 1;
          if (bought.status < 200 || bought.status > 299) non2xx += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return figuresOf(latencies, seconds, { non2xx, statuses, errors });
}

await runGroup('orders', ['orders-purchase', 'orders-list', 'order-page'], async (group) => {
  const { options, db, startAll, scenario } = group;
  const [plaza] = await startAll(startPlaza({ databaseUrl: options.databaseUrl }));
  const shown: [string, string][] = [
    ['rps', 'req/s'],
    ['p99_ms', 'ms p99'],
  ];
  const { rows: counted } = await db.query<{ n: number }>(
    'select coalesce(max(id), 0)::int as n from orders',
  );
  const orderCount = counted[0]!.n;

  await scenario('orders-purchase', async () => {
    const connections = connectionsFor(options, 10);
    // Buyers: the last members (the shop's writers are the first ones), paying by invoice.
    const { rows: buyerRows } = await db.query<{ id: number }>(
      `select id from users where username like 'member%' order by id desc limit ${connections}`,
    );
    const ids = buyerRows.map((row) => row.id);
    await db.query(
      `insert into user_addresses (user_id, type, firstname, lastname, address, house_number, zip, city, country,
         separate_delivery_address, updated_at)
       select id, 'invoice_address', firstname, lastname, 'Hauptstraße', '1', '10115', 'Berlin', 'DE', false, now()
       from users where id = any($1::int[])
       on conflict do nothing`,
      [ids],
    );
    await db.query(
      `insert into carts (user_id, payment_method) select u, 'invoice' from unnest($1::int[]) u
       on conflict (user_id) do update set payment_method = 'invoice', sepa_iban = null`,
      [ids],
    );
    const { rows: plain } = await db.query<{ id: number }>(
      `select id from products where active and stock is null and options = '[]'::jsonb order by id limit 1`,
    );
    const buyers = await signIn(
      plaza.url,
      options.databaseUrl,
      ids.map((id) => memberUsername(id)),
    );
    const run = async (seconds: number) => {
      await db.query('delete from cart_items where user_id = any($1::int[])', [ids]);
      return sampleOf(await purchases(plaza.url, buyers, plain[0]!.id, seconds));
    };
    return {
      setup: `POST /api/v2/payments {agb} of a one-line cart by invoice (the piece added before, unmeasured), ${buyers.length} members each on a connection, ${options.duration} s each; ${orderCount} orders before`,
      ...(await warmRepeat(options, run)),
      shown,
      checks: (p) => [latencyCheck(p, 'p99', 100)],
    };
  });

  // Readers spread over the community, each with their newest order.
  const total = await memberCount(db);
  const step = Math.max(1, Math.floor(total / readersCount));
  const spread = Array.from({ length: Math.min(readersCount, total) }, (_, i) => 1 + i * step);
  const { rows: newest } = await db.query<{ user_id: number; id: number }>(
    `select u as user_id, (select id from orders where user_id = u order by id desc limit 1) as id
     from unnest($1::int[]) u`,
    [spread],
  );
  const owners = newest.filter((row) => row.id !== null);
  const readers = await signIn(
    plaza.url,
    options.databaseUrl,
    owners.map((row) => memberUsername(row.user_id)),
  );
  const measured = (requests: () => LoadRequest[]) => measureReads(options, plaza, readers, requests);

  await scenario('orders-list', async () => {
    const { connections, ...samples } = await measured(() => [{ path: '/api/v2/orders' }]);
    return {
      setup: `GET /api/v2/orders (the newest 20) of ${readers.length} members in turn; ${connections} connections, ${options.duration} s each; ${orderCount} orders`,
      ...samples,
      shown,
      checks: (p) => [latencyCheck(p, 'p99', 50)],
    };
  });

  await scenario('order-page', async () => {
    // The load asks for the path right after choosing the session: counting in step (from 0 each run)
    // gives each reader their own order.
    const { connections, ...samples } = await measured(() => {
      let turn = 0;
      return [{ path: () => `/api/v2/orders/${owners[turn++ % owners.length]!.id}` }];
    });
    return {
      setup: `GET /api/v2/orders/:id, each of ${readers.length} members their newest order in turn; ${connections} connections, ${options.duration} s each`,
      ...samples,
      shown,
      checks: (p) => [latencyCheck(p, 'p99', 50)],
    };
  });
});
