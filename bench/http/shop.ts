// The shop on the generated community (40 products, carts of 2,000 members at scale 1): the catalogue,
// a member's cart (lines priced from the catalogue with the form's country lists), adding a product and
// setting a line's quantity. Budgets: reads p99 at most 50 ms, writes at most 100 ms. Plaza alone: the
// cart's rules (prices, problems, the row lock of a write) are the work measured, and a bare route
// without them would compare nothing. The cart calls run at 10 connections, as the chat's reads do (a
// member opens the cart now and then); the catalogue, which the shop teaser of the CMS pages reads, at 50.
import { memberUsername } from '../data/accounts';
import { runGroup } from '../lib/group';
import { type LoadRequest, measure } from '../lib/load';
import { connectionsFor } from '../lib/options';
import { latencyCheck, type Sample, sampleOf } from '../lib/report';
import { startPlaza } from '../lib/servers';
import { signIn } from '../lib/sessions';

const members = 20;
const warmUp = { full: 2, smoke: 0.5 };

await runGroup(
  'shop',
  ['shop-products', 'shop-cart', 'shop-cart-add', 'shop-cart-update'],
  async ({ options, db, startAll, scenario }) => {
    const [plaza] = await startAll(startPlaza({ databaseUrl: options.databaseUrl }));
    const { rows: shoppers } = await db.query<{ user_id: number }>(
      `select user_id from (select user_id, row_number() over (order by user_id) as r,
         count(*) over () as n from carts) c
       where (r - 1) % greatest(1, n / ${members}) = 0 order by user_id limit ${members}`,
    );
    // Writers have no generated cart: each run starts them from a known one.
    const { rows: writers } = await db.query<{ id: number }>(
      `select id from users u where u.username like 'member%'
         and not exists (select 1 from carts c where c.user_id = u.id)
       order by id limit ${members}`,
    );
    const { rows: plain } = await db.query<{ id: number; price: number }>(
      `select id, price from products where active and stock is null and options = '[]'::jsonb order by id`,
    );
    const { rows: counts } = await db.query<{ lines: number }>(
      'select count(*)::int as lines from cart_items',
    );
    const readers = await signIn(
      plaza.url,
      options.databaseUrl,
      shoppers.map((row) => memberUsername(row.user_id)),
    );
    const writing = await signIn(
      plaza.url,
      options.databaseUrl,
      writers.map((row) => memberUsername(row.id)),
    );
    const writerIds = writers.map((row) => row.id);
    const target = plain[0]!;

    /** Each writer's cart as one line of the first plain product; the line ids in the writers' order. */
    const resetWriters = async (): Promise<number[]> => {
      // Requests of the run before may still be in the server when its load ends.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await db.query('delete from cart_items where user_id = any($1::int[])', [writerIds]);
      const { rows } = await db.query<{ id: number; user_id: number }>(
        `insert into cart_items (user_id, product_id, quantity, seen_price)
         select u, $2, 1, $3 from unnest($1::int[]) u
         on conflict (user_id, product_id, coalesce(option_key, '')) do update set quantity = 1
         returning id, user_id`,
        [writerIds, target.id, target.price],
      );
      const byUser = new Map(rows.map((row) => [row.user_id, row.id]));
      return writerIds.map((id) => byUser.get(id)!);
    };

    /** Plaza alone: a warm-up, then `repetitions` measurements (the baseline side stays empty). */
    const measured = async (
      connections: number,
      sessions: typeof readers,
      requests: () => Promise<LoadRequest[]>,
    ): Promise<{ plaza: Sample[]; baseline: Sample[] }> => {
      const run = async (seconds: number) =>
        sampleOf(
          await measure({
            url: plaza.url,
            connections,
            duration: seconds,
            requests: await requests(),
            sessions,
          }),
        );
      await run(options.smoke ? warmUp.smoke : warmUp.full);
      const samples: Sample[] = [];
      for (let i = 0; i < options.repetitions; i += 1) samples.push(await run(options.duration));
      return { plaza: samples, baseline: [] };
    };
    const shown: [string, string][] = [
      ['rps', 'req/s'],
      ['p99_ms', 'ms p99'],
    ];

    await scenario('shop-products', async () => {
      const connections = connectionsFor(options, 50);
      return {
        setup: `GET /api/v2/shop/products (${plain.length} plain of the active products); ${connections} connections, ${options.duration} s each, ${readers.length} members in turn`,
        ...(await measured(connections, readers, async () => [{ path: '/api/v2/shop/products' }])),
        shown,
        checks: (p) => [latencyCheck(p, 'p99', 50)],
      };
    });

    await scenario('shop-cart', async () => {
      const connections = connectionsFor(options, 10);
      return {
        setup: `GET /api/v2/carts/mine of ${readers.length} members with 1 to 5 lines in turn (${counts[0]!.lines} cart lines in all); ${connections} connections, ${options.duration} s each`,
        ...(await measured(connections, readers, async () => [{ path: '/api/v2/carts/mine' }])),
        shown,
        checks: (p) => [latencyCheck(p, 'p99', 50)],
      };
    });

    await scenario('shop-cart-add', async () => {
      const connections = connectionsFor(options, 10);
      // Carts of a few lines, as the generated ones are: the first plain product and four more.
      const added = plain.slice(0, 5);
      let turn = 0;
      return {
        setup: `POST /api/v2/carts/mine/items, one piece of ${added.length} products in turn (carts of up to ${added.length} lines), ${writing.length} members in turn (each run starts them from a cart of one line); ${connections} connections, ${options.duration} s each`,
        ...(await measured(connections, writing, async () => {
          await resetWriters();
          return [
            {
              method: 'POST',
              path: '/api/v2/carts/mine/items',
              // The sessions take turns too: shifting by a product per round gives each member every product.
              body: () => {
                const round = Math.floor(turn / writing.length);
                return { product_id: added[(turn++ + round) % added.length]!.id, quantity: 1 };
              },
            },
          ];
        })),
        shown,
        checks: (p) => [latencyCheck(p, 'p99', 100)],
      };
    });

    await scenario('shop-cart-update', async () => {
      const connections = connectionsFor(options, 10);
      return {
        setup: `PUT /api/v2/carts/mine/items/:id (quantity 1 to 5) on the line of each of ${writing.length} members in turn; ${connections} connections, ${options.duration} s each`,
        ...(await measured(connections, writing, async () => {
          const lines = await resetWriters();
          // The load hands out the sessions in turn, and asks for each request's path right after
          // choosing its session: counting here in step gives each member their own line.
          let turn = 0;
          let quantity = 1;
          return [
            {
              method: 'PUT',
              path: () => `/api/v2/carts/mine/items/${lines[turn++ % lines.length]}`,
              body: () => ({ quantity: 1 + (quantity++ % 5) }),
            },
          ];
        })),
        shown,
        checks: (p) => [latencyCheck(p, 'p99', 100)],
      };
    });
  },
);
