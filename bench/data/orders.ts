import type { Area } from './context';
import { memberCount } from './people';
import { productCount } from './shop';

/** Orders at scale 1: two years of a busy shop, about 20 per member. */
export const ordersAtScale1 = 200_000;

/**
 * Orders of members over the last two years (one about every five minutes, newest last), each of 1 to
 * 3 lines of distinct catalogue products (the shop area's) with 1 to 3 pieces at the product's price,
 * numbered `<year>-<id>`; totals and the tax per rate summed from the lines. About 60 % paid, 30 %
 * placed, 7 % cancelled and 3 % refunded; 70 % by invoice, 20 % by card (a session id each), 10 % by
 * debit (masked account and mandate). The invoice address is a copy made from the member's row.
 */
export const orders: Area = {
  name: 'orders',
  async fill(ctx) {
    const { below, rand } = ctx.random;
    const count = ctx.count(ordersAtScale1, 200);
    const members = memberCount(ctx);
    await ctx.table(
      'order_items',
      `insert into order_items (order_id, position, product_id, name, option_label, quantity, unit_price,
         tax_rate, line_total)
       select l.n, l.k, p.id, p.name_de, case when p.options <> '[]'::jsonb then 'M' end, l.q, p.price,
         p.tax_rate, p.price * l.q
       from (
         select n, k, 1 + (${below('n', 'orders.first', productCount)} + k * 7) % ${productCount} as product,
           1 + ${below('n * 4 + k', 'orders.quantity', 3)} as q
         from generate_series(1, ${count}) n
         cross join lateral generate_series(0, ${below('n', 'orders.lines', 3)}) k
       ) l join products p on p.id = l.product`,
    );
    const state = `(case when ${rand('n', 'orders.state')} < 0.6 then 'paid' when ${rand('n', 'orders.state')} < 0.9 then 'placed' when ${rand('n', 'orders.state')} < 0.97 then 'cancelled' else 'refunded' end)`;
    const method = `(case when ${rand('n', 'orders.method')} < 0.7 then 'invoice' when ${rand('n', 'orders.method')} < 0.9 then 'stripe' else 'sepa' end)`;
    await ctx.table(
      'orders',
      `with rates as (
         select order_id, tax_rate, sum(line_total) as gross from order_items group by order_id, tax_rate
       ), sums as (
         select order_id, sum(gross)::int as subtotal,
           jsonb_agg(jsonb_build_object('rate', tax_rate, 'amount',
             round(gross * tax_rate / (10000.0 + tax_rate))::int) order by tax_rate desc) as tax
         from rates group by order_id
       ), o as (
         select n, ${state} as s, ${method} as m, 1 + ${below('n', 'orders.user', members)} as u,
           ${ctx.now} - ((${count} - n) * interval '${300 / ctx.density} seconds') - interval '1 hour' as at
         from generate_series(1, ${count}) n
       )
       insert into orders (id, number, user_id, state, locale, payment_method, sepa_account_holder,
         sepa_iban_last4, sepa_bic, sepa_mandate_reference, provider_session_id, currency, subtotal, shipping,
         total, tax, invoice_address, created_at, paid_at, cancelled_at, refunded_at) overriding system value
       select o.n, to_char(o.at, 'YYYY') || '-' || lpad(o.n::text, greatest(6, length(o.n::text)), '0'), o.u, o.s,
         coalesce(usr.selected_language, 'de_DE'), o.m,
         case when o.m = 'sepa' then usr.firstname || ' ' || usr.lastname end,
         case when o.m = 'sepa' then lpad((o.n % 10000)::text, 4, '0') end,
         case when o.m = 'sepa' then 'COBADEFFXXX' end,
         case when o.m = 'sepa' then 'PLAZA-' || o.n end,
         case when o.m = 'stripe' then 'cs_bench_' || o.n end,
         'EUR', sums.subtotal, 0, sums.subtotal, sums.tax,
         jsonb_build_object('gender', null, 'title', null, 'firstname', usr.firstname, 'lastname', usr.lastname,
           'address', 'Hauptstraße', 'house_number', (1 + o.u % 120)::text, 'address_2', null,
           'address_details', null, 'zip', lpad((10000 + o.u % 89999)::text, 5, '0'), 'city', 'Berlin',
           'country', 'DE', 'email', null, 'separate_delivery_address', false),
         o.at,
         case when o.s in ('paid', 'refunded') then o.at + interval '1 day' end,
         case when o.s = 'cancelled' then o.at + interval '2 days' end,
         case when o.s = 'refunded' then o.at + interval '9 days' end
       from o join sums on sums.order_id = o.n join users usr on usr.id = o.u`,
    );
    await ctx.table(
      'payment_events',
      `insert into payment_events (provider, event_id, type, order_id, received_at)
       select 'stripe', 'evt_bench_' || id, 'checkout.session.completed', id, paid_at
       from orders where payment_method = 'stripe' and paid_at is not null`,
    );
  },
};
