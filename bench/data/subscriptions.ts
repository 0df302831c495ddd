import type { Area } from './context';
import { memberCount } from './people';

/** Subscriptions at scale 1 (issue 50: the generator adds 50,000). */
export const subscriptionsAtScale1 = 50_000;

/**
 * Subscriptions: four in five belong to members (a few each, by invoice 70 %, debit 20 %, card 10 %),
 * the rest wait to be linked by number and postcode. 75 % active, 10 % cancelled, 10 % ended, 5 %
 * pending. Monthly, started 1 to 24 months ago; a plan item each (1 to 3 copies), a gift with 30 %; an
 * invoice per period of the last (at most) four, paid but the newest.
 */
export const subscriptions: Area = {
  name: 'subscriptions',
  async fill(ctx) {
    const { below, rand } = ctx.random;
    const count = ctx.count(subscriptionsAtScale1, 100);
    const members = memberCount(ctx);
    const linked = Math.floor(count * 0.8);
    const state = `(case when ${rand('n', 'subs.state')} < 0.75 then 'active' when ${rand('n', 'subs.state')} < 0.85 then 'cancelled' when ${rand('n', 'subs.state')} < 0.95 then 'ended' else 'pending' end)`;
    const method = `(case when ${rand('n', 'subs.method')} < 0.7 then 'invoice' when ${rand('n', 'subs.method')} < 0.9 then 'sepa' else 'stripe' end)`;
    await ctx.table(
      'subscriptions',
      `with s as (
         select n, ${state} as st, ${method} as m, 1 + ${below('n', 'subs.age', 24)} as age,
           case when n <= ${linked} then 1 + (n - 1) % ${members} end as u
         from generate_series(1, ${count}) n
       ), d as (
         select s.*, (${ctx.now})::date - make_interval(months => s.age) as started,
           lpad((10000000 + s.n)::text, 8, '0') as num
         from s
       )
       insert into subscriptions (id, number, user_id, state, name, period, currency, tax_rate, minimum_term,
         notice_days, locale, payment_method, sepa_account_holder, sepa_iban_last4, sepa_bic, sepa_mandate_reference,
         provider_subscription_id, invoice_zip, invoice_address, started_on, current_period_start,
         current_period_end, minimum_term_end, cancelled_on, ends_on, created_at) overriding system value
       select d.n, d.num, d.u, d.st, 'Plaza Digital', 'month', 'EUR', 700, 3, 14, 'de_DE', d.m,
         case when d.m = 'sepa' then 'Bench Member' end,
         case when d.m = 'sepa' then lpad((d.n % 10000)::text, 4, '0') end,
         case when d.m = 'sepa' then 'COBADEFFXXX' end,
         case when d.m = 'sepa' then 'PLAZA-S' || d.num end,
         case when d.m = 'stripe' and d.st <> 'pending' then 'sub_bench_' || d.n end,
         lpad((10000 + d.n % 89999)::text, 5, '0'),
         jsonb_build_object('gender', null, 'title', null, 'firstname', 'Bench', 'lastname', 'Member',
           'address', 'Hauptstraße', 'house_number', '1', 'address_2', null, 'address_details', null,
           'zip', lpad((10000 + d.n % 89999)::text, 5, '0'), 'city', 'Berlin', 'country', 'DE', 'email', null,
           'separate_delivery_address', false),
         case when d.st <> 'pending' then d.started::date end,
         case when d.st <> 'pending' then (d.started + make_interval(months => d.age))::date end,
         case when d.st <> 'pending' then (d.started + make_interval(months => d.age + 1))::date end,
         case when d.st <> 'pending' then (d.started + interval '3 months')::date end,
         case when d.st in ('cancelled', 'ended') then (${ctx.now})::date - 3 end,
         case when d.st = 'cancelled' then (d.started + make_interval(months => d.age + 1))::date
              when d.st = 'ended' then (${ctx.now})::date - 1 end,
         d.started
       from d`,
    );
    await ctx.table(
      'subscription_items',
      `insert into subscription_items (subscription_id, kind, name, quantity, unit_price)
       select n, 'plan', 'Plaza Digital', 1 + ${below('n', 'subs.quantity', 3)}, 990
       from generate_series(1, ${count}) n`,
      `insert into subscription_items (subscription_id, kind, name, quantity, unit_price, shipped_at)
       select s.id, 'gift', 'Tote bag', 1, 0, case when s.current_period_start > s.started_on then s.created_at end
       from subscriptions s where ${rand('s.id', 'subs.gift')} < 0.3`,
    );
    await ctx.table(
      'subscription_invoices',
      `insert into subscription_invoices (number, subscription_id, period_start, period_end, amount, tax_rate,
         currency, state, created_at, paid_at)
       select s.number || '-' || to_char(p.start, 'YYYYMMDD'), s.id, p.start, (p.start + interval '1 month')::date,
         990 * i.quantity, 700, 'EUR', case when k = 0 then 'open' else 'paid' end, p.start,
         case when k > 0 then p.start + interval '3 days' end
       from subscriptions s
       join subscription_items i on i.subscription_id = s.id and i.kind = 'plan'
       cross join lateral generate_series(0, least(3, (s.current_period_start - s.started_on) / 28)) k
       cross join lateral (select (s.started_on + make_interval(months =>
         ((extract(year from s.current_period_start) - extract(year from s.started_on)) * 12
           + extract(month from s.current_period_start) - extract(month from s.started_on))::int - k))::date
         as start) p
       where s.started_on is not null`,
    );
  },
};
