import { describe, expect, it } from 'vitest';
import { cartErrors, priceLines } from './pricing';
import type { CartLineRow } from './repo';

const line = (change: Partial<CartLineRow>): CartLineRow => ({
  id: 1,
  product_id: 10,
  option_key: null,
  quantity: 1,
  seen_price: 1000,
  name_de: 'Tasse',
  name_en: 'Mug',
  price: 1000,
  currency: 'EUR',
  tax_rate: 1900,
  options: [],
  stock: null,
  active: true,
  image_path: null,
  ...change,
});

describe('cart pricing', () => {
  it('totals the lines and gives the tax included per rate, rounded once per rate', () => {
    // Three 19 % lines of 0.10 each: per line 0.016 (rounds to 0.02, 0.06 in all); per rate 0.048 -> 0.05.
    const { totals } = priceLines(
      [
        line({ id: 1, product_id: 1, price: 10, seen_price: 10 }),
        line({ id: 2, product_id: 2, price: 10, seen_price: 10 }),
        line({ id: 3, product_id: 3, price: 10, seen_price: 10 }),
        line({ id: 4, product_id: 4, price: 2490, seen_price: 2490, tax_rate: 700, quantity: 2 }),
        line({ id: 5, product_id: 5, price: 500, seen_price: 500, tax_rate: 0 }),
      ],
      'en_GB',
    );
    expect(totals).toEqual({
      currency: 'EUR',
      subtotal: 30 + 4980 + 500,
      shipping: 0,
      total: 5510,
      tax: [
        { rate: 700, amount: 326 },
        { rate: 1900, amount: 5 },
      ],
    });
  });

  it('names each problem of a line and leaves withdrawn lines out of the totals', () => {
    const rows = [
      line({ id: 1, seen_price: 900 }),
      line({ id: 2, product_id: 11, active: false }),
      line({
        id: 3,
        product_id: null,
        name_de: null,
        name_en: null,
        price: null,
        currency: null,
        active: null,
      }),
      line({ id: 4, product_id: 12, option_key: 'xl', options: [{ id: 's', label_de: 'S', label_en: 'S' }] }),
      line({ id: 5, product_id: 13, options: [{ id: 's', label_de: 'S', label_en: 'S' }] }),
      line({ id: 6, product_id: 14, quantity: 3, stock: 2 }),
      line({ id: 7, product_id: 15, currency: 'CHF' }),
    ];
    const { lines, currency, totals } = priceLines(rows, 'de_DE');
    expect(cartErrors(lines, rows, currency).map((e) => [e.item_id, e.code])).toEqual([
      [1, 'price_changed'],
      [2, 'unavailable'],
      [3, 'unavailable'],
      [4, 'option_unavailable'],
      [5, 'option_unavailable'],
      [6, 'out_of_stock'],
      [7, 'unavailable'],
    ]);
    expect(lines[2]!.name).toBe('Nicht mehr erhältlicher Artikel');
    expect(totals.subtotal).toBe(1000 + 1000 + 1000 + 3000);
  });

  it('has no currency while nothing is on sale', () => {
    expect(priceLines([line({ active: false })], 'en_GB').totals).toMatchObject({ currency: null, total: 0 });
  });
});
