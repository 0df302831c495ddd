import { shopLimits } from '@plaza/contract';
import type { Area } from './context';
import { memberCount } from './people';

/** Products of the catalogue at every scale: a shop's catalogue does not grow with the community. */
export const productCount = 40;

/** Members with a cart at scale 1 (a busy season: one member in five has something in the cart). */
export const cartsAtScale1 = 2_000;

/** Sizes of the products that have them (every fourth). */
const sizes = ['s', 'm', 'l', 'xl'];
const sizeOptions = `'${JSON.stringify(sizes.map((id) => ({ id, label_de: id.toUpperCase(), label_en: id.toUpperCase() })))}'::jsonb`;

const nouns: [string, string][] = [
  ['Tasse', 'Mug'],
  ['T-Shirt', 'T-shirt'],
  ['Notizbuch', 'Notebook'],
  ['Kapuzenpullover', 'Hoodie'],
  ['Stofftasche', 'Tote bag'],
  ['Kugelschreiber', 'Pen'],
  ['Trinkflasche', 'Water bottle'],
  ['Regenschirm', 'Umbrella'],
];

/**
 * The shop's catalogue (40 products, two withdrawn; every fourth in sizes, every fifth with a stock,
 * every sixth at 7 % tax) and the carts of members spread over the community: 1 to 5 lines each of
 * distinct products (the size `m` where there are sizes), 1 to 3 pieces, at the price last shown, with
 * an invoice address, and one in four with the invoice payment chosen.
 */
export const shop: Area = {
  name: 'shop',
  async fill(ctx) {
    const { below, pick } = ctx.random;
    const members = memberCount(ctx);
    // At most half the members: the write scenarios (bench/http/shop.ts) start members without a cart.
    const carts = Math.min(Math.floor(members / 2), ctx.count(cartsAtScale1, 10));
    // Every `stride`-th member has a cart: members 1, 1 + stride, ...
    const stride = Math.max(1, Math.floor(members / carts));
    const namesDe = nouns.map(([de]) => de);
    const namesEn = nouns.map(([, en]) => en);
    await ctx.table(
      'products',
      `insert into products (id, name_de, name_en, description_de, description_en, price, currency, tax_rate,
         options, stock, active, created_at, updated_at) overriding system value
       select n, ${pick(namesDe, 'n', 'products.noun')} || ' ' || n,
         ${pick(namesEn, 'n', 'products.noun')} || ' ' || n,
         'Ein Artikel aus dem Plaza-Shop.', 'An item of the Plaza shop.',
         100 * (5 + ${below('n', 'products.price', 60)}) - 10,
         'EUR', case when n % 6 = 0 then 700 else 1900 end,
         case when n % 4 = 0 then ${sizeOptions} else '[]'::jsonb end,
         case when n % 5 = 0 then ${shopLimits.maxStock / 1000} else null end,
         n % 20 <> 0, ${ctx.now} - (n || ' days')::interval, ${ctx.now} - (n || ' days')::interval
       from generate_series(1, ${productCount}) n`,
    );
    const lines = `(
      select c.u, k, 1 + (${below('c.u', 'carts.first', productCount)} + k * 7) % ${productCount} as product,
        1 + ${below('c.u * 8 + k', 'carts.quantity', 3)} as quantity
      from (select 1 + (m - 1) * ${stride} as u from generate_series(1, ${carts}) m) c
      cross join lateral generate_series(0, ${below('c.u', 'carts.lines', 5)}) k
    )`;
    await ctx.table(
      'carts',
      `insert into carts (user_id, payment_method, updated_at)
       select 1 + (m - 1) * ${stride}, case when m % 4 = 0 then 'invoice' end, ${ctx.now} - interval '1 hour'
       from generate_series(1, ${carts}) m`,
    );
    // Lines of withdrawn products stay too: the cart reports them unavailable, as it would.
    await ctx.table(
      'cart_items',
      `insert into cart_items (user_id, product_id, option_key, quantity, seen_price, created_at)
       select l.u, l.product, case when p.options <> '[]'::jsonb then 'm' end, l.quantity, p.price,
         ${ctx.now} - interval '1 hour' + l.k * interval '1 minute'
       from ${lines} l join products p on p.id = l.product
       order by l.u, l.k`,
    );
    await ctx.table(
      'user_addresses',
      `insert into user_addresses (user_id, type, gender, firstname, lastname, address, house_number, zip, city,
         country, separate_delivery_address, updated_at)
       select u.id, 'invoice_address', u.gender, u.firstname, u.lastname, 'Hauptstraße',
         (1 + u.id % 120)::text, lpad((10000 + u.id % 89999)::text, 5, '0'), 'Berlin', 'DE', false, ${ctx.now}
       from users u join carts c on c.user_id = u.id`,
    );
  },
};
