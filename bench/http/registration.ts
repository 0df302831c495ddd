// Registration on the generated community: a visitor's advanced sign-up (POST users/new with a monthly
// subscription paid by invoice, a gift, the invoice address with the account's password and personal
// data), each from an address of its own and a new email. The answer waits for the account's scrypt hash
// (deliberately slow, N=16384, hashed before the transaction), the transaction (member, address, topics,
// the gift's piece, the pending subscription, the confirmation link) and the confirmation mail (a file
// here, no SMTP). Two connections, one hash per core. Budget: p99 at most 250 ms. Measured on a shared
// machine at load average 17 on 2 cores: p50 925 ms, p99 1,073 ms while a bare scrypt took 280-360 ms,
// i.e. a registration costs about three hashes' time; on an idle core a hash takes a fraction of that,
// so the budget is the estimate to confirm on an idle run. Plaza alone, as the shop's scenarios.
import { randomBytes } from 'node:crypto';
import { cookies, csrfHeader, endpoints } from '@plaza/contract';
import { runGroup } from '../lib/group';
import { figuresOf } from '../lib/load';
import { connectionsFor } from '../lib/options';
import { latencyCheck, type Sample, sampleOf } from '../lib/report';
import { startPlaza } from '../lib/servers';

const warmUp = { full: 2, smoke: 0.5 };
/** p99 budget of a registration, in ms (see the header). */
const budgetMs = 250;

/** Registrations for `seconds` on `connections` loops, each POST from its own forwarded address. */
async function registrations(
  url: string,
  connections: number,
  seconds: number,
  body: (email: string) => unknown,
) {
  const first = await fetch(`${url}${endpoints.auth.isAuthenticated.path}`);
  await first.arrayBuffer();
  const csrf = first.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!.split('='))
    .find(([key]) => key === cookies.csrf)?.[1];
  if (!csrf) throw new Error('the server set no CSRF cookie');
  const run = randomBytes(4).toString('hex');
  let sequence = 0;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let non2xx = 0;
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const n = ++sequence;
        try {
          const started = performance.now();
          const response = await fetch(`${url}${endpoints.registration.register.path}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              cookie: `${cookies.csrf}=${csrf}`,
              [csrfHeader]: csrf,
              // A visitor of their own each time: the per-address limits are not what is measured.
              'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify(body(`bench.${run}.${n}@example.org`)),
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - started);
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
          if (response.status < 200 || response.status > 299) non2xx += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return figuresOf(latencies, seconds, { non2xx, statuses, errors });
}

await runGroup('registration', ['registration-post'], async (group) => {
  const { options, db, startAll, scenario } = group;
  // Sign-up open (advanced), an option and a gift with it, a topic: made once on the bench database.
  await db.query(
    `update app_settings set value = jsonb_set(value, '{signup_configuration}',
       '{"active": true, "type": "advanced", "active_login_types": []}'::jsonb) where key = 'settings'`,
  );
  await db.query(
    `insert into subscription_options (name_de, name_en, price, currency, tax_rate, period, minimum_term, notice_days, active)
     select 'Bench-Abo', 'Bench subscription', 990, 'EUR', 700, 'month', 1, 14, true
     where not exists (select 1 from subscription_options where name_en = 'Bench subscription')`,
  );
  const { rows: optionRows } = await db.query<{ id: number }>(
    `select id from subscription_options where name_en = 'Bench subscription' order by id limit 1`,
  );
  const optionId = optionRows[0]!.id;
  await db.query(
    `with gift as (
       insert into gifts (name_de, name_en, stock, active)
       select 'Bench-Tasse', 'Bench mug', null, true
       where not exists (select 1 from gifts where name_en = 'Bench mug') returning id)
     insert into gift_subscription_options (gift_id, subscription_option_id) select id, $1 from gift`,
    [optionId],
  );
  const { rows: giftRows } = await db.query<{ id: number }>(
    `select id from gifts where name_en = 'Bench mug' order by id limit 1`,
  );
  await db.query(
    `insert into registration_topics (label_de, label_en) select 'Bench', 'Bench'
     where not exists (select 1 from registration_topics where label_en = 'Bench')`,
  );
  const { rows: topicRows } = await db.query<{ id: number }>(
    `select id from registration_topics where label_en = 'Bench' order by id limit 1`,
  );
  // The forwarded address is each visitor's own (as behind the deployment's proxy).
  process.env.TRUST_PROXY = 'true';
  const [plaza] = await startAll(startPlaza({ databaseUrl: options.databaseUrl }));
  const body = (email: string) => ({
    agb: true,
    invoice_address: {
      gender: null,
      firstname: 'Bench',
      lastname: 'Visitor',
      address: 'Hauptstraße',
      house_number: '1',
      zip: '10115',
      city: 'Berlin',
      country: 'DE',
      email,
      password: 'a bench password',
    },
    subscription_id: optionId,
    gift_id: giftRows[0]!.id,
    payment: { method: 'invoice' },
    personal_data: {
      topics: [topicRows[0]!.id],
      newsletter_subscription: ['events'],
      birthday: '01/02/1990',
    },
    selected_language: 'en_GB',
  });

  await scenario('registration-post', async () => {
    const connections = connectionsFor(options, 2);
    const run = async (seconds: number) =>
      sampleOf(await registrations(plaza.url, connections, seconds, body));
    await run(options.smoke ? warmUp.smoke : warmUp.full);
    const samples: Sample[] = [];
    for (let i = 0; i < options.repetitions; i += 1) samples.push(await run(options.duration));
    return {
      setup: `POST /api/v2/users/new (advanced: a monthly subscription by invoice with a gift, personal data), a new address and visitor each time; ${connections} connections, ${options.duration} s each`,
      plaza: samples,
      baseline: [],
      shown: [
        ['rps', 'req/s'],
        ['p99_ms', 'ms p99'],
      ],
      checks: (p) => [latencyCheck(p, 'p99', budgetMs)],
    };
  });
});
