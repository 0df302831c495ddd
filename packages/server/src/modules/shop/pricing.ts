import type {
  CartError,
  CartProblem,
  Locale,
  ProductOption,
  ShopCurrency,
  TaxLine,
  Totals,
} from '@plaza/contract';
import type { ProductOptionRow } from '../../db/schema/shop';
import type { CartLineRow } from './repo';

/**
 * The cart's prices, computed from the catalogue only (the client sends ids, options and quantities).
 *
 * - A line is priced at its product's current gross price; `line_total = unit_price * quantity`.
 * - The cart's currency is that of its first line (in the order added) whose product is on sale; a line
 *   of another currency counts as `unavailable` (an administrator changed its currency).
 * - Totals count the lines on sale (`unavailable` ones are shown but not counted); shipping is 0.
 * - The tax included is given per rate, on the sum of that rate's lines:
 *   `round(gross * rate / (10000 + rate))` (rates in basis points); rates of 0 are not listed.
 */

/** The name of a product in the reader's language, the other one when that is empty. */
export function localName(row: { name_de: string; name_en: string }, locale: Locale): string {
  return (locale === 'de_DE' ? row.name_de || row.name_en : row.name_en || row.name_de) ?? '';
}

/** An option's label in the reader's language, the other one when that is empty. */
export function localOption(option: ProductOptionRow, locale: Locale): ProductOption {
  const label = locale === 'de_DE' ? option.label_de || option.label_en : option.label_en || option.label_de;
  return { id: option.id, label };
}

/** The name of a line whose product was deleted (the cart keeps no copy of it). */
const goneName: Record<Locale, string> = {
  de_DE: 'Nicht mehr erhältlicher Artikel',
  en_GB: 'Item no longer available',
};

/** A cart line as priced now, with what is wrong with it. */
export interface PricedLine {
  id: number;
  product_id: number | null;
  name: string;
  image_path: string | null;
  option: ProductOption | null;
  options: ProductOption[];
  quantity: number;
  unit_price: number;
  line_total: number;
  tax_rate: number;
  /** On sale in the cart's currency: counted in the totals. */
  counted: boolean;
  /** The price the member has not been shown yet, or null. */
  newPrice: number | null;
  problems: CartProblem[];
}

/** Money as a plain figure for problem messages: `12.50 EUR`. */
const money = (amount: number, currency: string) => `${(amount / 100).toFixed(2)} ${currency}`;

/** The tax included per rate, and the totals of the counted lines. */
export function totalsOf(lines: readonly PricedLine[], currency: ShopCurrency | null): Totals {
  const grossByRate = new Map<number, number>();
  let subtotal = 0;
  for (const line of lines) {
    if (!line.counted) continue;
    subtotal += line.line_total;
    grossByRate.set(line.tax_rate, (grossByRate.get(line.tax_rate) ?? 0) + line.line_total);
  }
  const tax: TaxLine[] = [...grossByRate.entries()]
    .filter(([rate]) => rate > 0)
    .sort(([a], [b]) => a - b)
    .map(([rate, gross]) => ({ rate, amount: Math.round((gross * rate) / (10000 + rate)) }));
  const shipping = 0;
  const counted = lines.some((line) => line.counted);
  return { currency: counted ? currency : null, subtotal, shipping, tax, total: subtotal + shipping };
}

/** Prices the member's lines from their products as they are now; no query. */
export function priceLines(
  rows: readonly CartLineRow[],
  locale: Locale,
): { lines: PricedLine[]; currency: ShopCurrency | null; totals: Totals } {
  const onSale = (row: CartLineRow) => row.product_id !== null && row.active === true && row.price !== null;
  const currency = rows.find(onSale)?.currency ?? null;
  const lines = rows.map((row): PricedLine => {
    if (!onSale(row) || row.currency !== currency) {
      return {
        id: row.id,
        product_id: row.product_id,
        name:
          row.name_de !== null && row.name_en !== null
            ? localName({ name_de: row.name_de, name_en: row.name_en }, locale)
            : goneName[locale],
        image_path: row.image_path,
        option: row.option_key === null ? null : { id: row.option_key, label: row.option_key },
        options: [],
        quantity: row.quantity,
        unit_price: row.seen_price,
        line_total: row.seen_price * row.quantity,
        tax_rate: row.tax_rate ?? 0,
        counted: false,
        newPrice: null,
        problems: ['unavailable'],
      };
    }
    const productOptions = row.options ?? [];
    const options = productOptions.map((option) => localOption(option, locale));
    const chosen =
      row.option_key === null ? undefined : options.find((option) => option.id === row.option_key);
    const problems: CartProblem[] = [];
    const price = row.price!;
    if (price !== row.seen_price) problems.push('price_changed');
    // The option must be one the product has, and a product with options needs one.
    if (row.option_key === null ? options.length > 0 : !chosen) problems.push('option_unavailable');
    if (row.stock !== null && row.stock < row.quantity) problems.push('out_of_stock');
    return {
      id: row.id,
      product_id: row.product_id,
      name: localName({ name_de: row.name_de!, name_en: row.name_en! }, locale),
      image_path: row.image_path,
      option: row.option_key === null ? null : (chosen ?? { id: row.option_key, label: row.option_key }),
      options,
      quantity: row.quantity,
      unit_price: price,
      line_total: price * row.quantity,
      tax_rate: row.tax_rate!,
      counted: true,
      newPrice: price !== row.seen_price ? price : null,
      problems,
    };
  });
  return { lines, currency, totals: totalsOf(lines, currency) };
}

/** The cart's `errors`: one per problem of each line, in the order of the lines. */
export function cartErrors(
  lines: readonly PricedLine[],
  rows: readonly CartLineRow[],
  currency: ShopCurrency | null,
): CartError[] {
  const seen = new Map(rows.map((row) => [row.id, row]));
  const errors: CartError[] = [];
  for (const line of lines) {
    const row = seen.get(line.id)!;
    for (const code of line.problems) {
      errors.push({ code, item_id: line.id, message: problemMessage(code, line, row, currency) });
    }
  }
  return errors;
}

function problemMessage(
  code: CartProblem,
  line: PricedLine,
  row: CartLineRow,
  currency: ShopCurrency | null,
): string {
  switch (code) {
    case 'price_changed':
      return `The price of "${line.name}" changed from ${money(row.seen_price, currency ?? '')} to ${money(line.unit_price, currency ?? '')}.`;
    case 'unavailable':
      return `"${line.name}" is no longer available; please remove it from the cart.`;
    case 'option_unavailable':
      return row.option_key === null
        ? `Please choose an option of "${line.name}".`
        : `The option "${row.option_key}" of "${line.name}" is no longer available; please choose another.`;
    case 'out_of_stock':
      return row.stock === 0
        ? `"${line.name}" is sold out.`
        : `Only ${row.stock} of "${line.name}" are left; please lower the quantity.`;
  }
}

/** Problems that keep a cart from being bought (a changed price only until it has been shown). */
export const blocking = (code: CartProblem) => code !== 'price_changed';
