import {
  type AddressType,
  type addCartItemSchema,
  type addressInputSchema,
  type CartResponse,
  type ChosenPayment,
  type Locale,
  type Option,
  shopLimits,
  type updateCartItemSchema,
} from '@plaza/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { ProductOptionRow } from '../../db/schema/shop';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { countryOptions, genderOptions, memberAddresses, saveAddress } from '../users';
import { shopPolicy } from './policy';
import { presentCartItem } from './presenter';
import { blocking, cartErrors, type PricedLine, priceLines } from './pricing';
import { type CartLineRow, type CartRow, shopRepo } from './repo';

/**
 * The most a cart may total, in minor units: an order stores its totals as 32-bit integers, so a cart
 * past this is refused when it grows (the catalogue's bounds alone would allow 50 lines of 99 pieces at
 * the highest price).
 */
const maxCartTotal = 2_000_000_000;

const conflict = (message: string, field?: string) => new AppError(409, 'conflict', message, field);
const outOfStock = (left: number) =>
  new AppError(
    409,
    'out_of_stock',
    left === 0 ? 'The product is sold out.' : `Only ${left} of the product are left.`,
    'quantity',
  );

/** Country options per language: the same for every member, built once (Intl names and a sort). */
const countriesByLocale = new Map<Locale, Option[]>();

/** The countries the shop delivers to in the caller's language; no entry without a code or a name. */
export function shopCountries(locale: Locale): Option[] {
  let options = countriesByLocale.get(locale);
  if (!options) {
    options = countryOptions(locale).options.filter((option) => option.value !== '' && option.label !== '');
    countriesByLocale.set(locale, options);
  }
  return options;
}

/** The payment as the member sees it: a debit shows only the IBAN's last four characters. */
function presentPayment(cart: CartRow | undefined): ChosenPayment | null {
  if (!cart?.payment_method) return null;
  const sepa =
    cart.payment_method === 'sepa' && cart.sepa_iban
      ? {
          account_holder: cart.sepa_account_holder ?? '',
          iban_last4: cart.sepa_iban.slice(-4),
          bic: cart.sepa_bic,
        }
      : null;
  return { method: cart.payment_method, sepa };
}

/**
 * The member's cart answer (`cartResponseSchema`): lines priced from the catalogue, totals, addresses,
 * the form's options and what changed. A changed price is reported once: this answer shows it, so the
 * line's `seen_price` becomes it; `ready` therefore ignores `price_changed` (it has now been shown).
 */
export async function cartAnswer(db: Db, user: SessionUser, locale: Locale): Promise<CartResponse> {
  const [rows, cart, addresses] = await Promise.all([
    shopRepo.cartLines(db, user.id),
    shopRepo.cart(db, user.id),
    memberAddresses(db, user.id),
  ]);
  const { lines, currency, totals } = priceLines(rows, locale);
  const errors = cartErrors(lines, rows, currency);
  const shown = lines
    .filter((line) => line.newPrice !== null)
    .map((line) => ({ id: line.id, price: line.newPrice! }));
  await shopRepo.markSeen(db, user.id, shown);

  const payment = presentPayment(cart);
  const invoice = addresses.invoice_address;
  const addressesReady =
    invoice !== null && (!invoice.separate_delivery_address || addresses.delivery_address !== null);
  const ready =
    lines.length > 0 && !errors.some((error) => blocking(error.code)) && addressesReady && payment !== null;
  const countries = shopCountries(locale);
  return {
    cart: {
      ...totals,
      items: lines.map(presentCartItem),
      item_count: lines.reduce((sum, line) => sum + line.quantity, 0),
      payment,
      ready,
    },
    delivery_address: addresses.delivery_address,
    invoice_address: invoice,
    form_options: {
      delivery_address_country_options: countries,
      gender_options: genderOptions(locale).options,
      invoice_address_country_options: countries,
    },
    errors,
  };
}

/** The option a line may have: a product with options needs one of them, one without takes none. */
function checkOption(options: readonly ProductOptionRow[], key: string | null): string | null {
  if (key === null) {
    if (options.length > 0) throw badRequest('Choose an option of the product.', 'option');
    return null;
  }
  if (!options.some((option) => option.id === key))
    throw badRequest('The product has no such option.', 'option');
  return key;
}

/** Refuses a quantity past the line's bound or the stock left. */
function checkQuantity(quantity: number, stock: number | null): void {
  if (quantity > shopLimits.maxQuantity) {
    throw conflict(`A line holds at most ${shopLimits.maxQuantity} pieces.`, 'quantity');
  }
  if (stock !== null && quantity > stock) throw outOfStock(stock);
}

function checkTotal(subtotal: number): void {
  if (subtotal > maxCartTotal) throw conflict('The cart would total more than the shop takes in one order.');
}

const onSale = (row: CartLineRow) => row.product_id !== null && row.active === true;
const subtotalOf = (lines: readonly PricedLine[]) =>
  lines.reduce((sum, line) => sum + (line.counted ? line.line_total : 0), 0);

/**
 * POST carts/mine/items: adds a product. A line of the same product and option gains the quantity; past
 * `maxQuantity` pieces the call is refused (409 naming `quantity`) rather than clamped, so the member
 * never gets fewer pieces than asked for without being told. Writes queue on the member's cart row.
 */
export async function addItem(
  db: Db,
  user: SessionUser,
  input: z.output<typeof addCartItemSchema>,
  locale: Locale,
): Promise<CartResponse> {
  await db.transaction(async (tx) => {
    await shopRepo.lockCartForChange(tx, user.id);
    const product = await shopRepo.productById(tx, input.product_id);
    if (!product || !shopPolicy.can(user, 'read', product)) throw notFound('The product');
    const option = checkOption(product.options, input.option);
    const rows = await shopRepo.cartLines(tx, user.id);
    const existing = rows.find((row) => row.product_id === product.id && row.option_key === option);
    const quantity = (existing?.quantity ?? 0) + input.quantity;
    checkQuantity(quantity, product.stock);
    const { lines, currency } = priceLines(rows, locale);
    if (currency !== null && currency !== product.currency) {
      throw new AppError(
        409,
        'currency_mismatch',
        `The cart holds products priced in ${currency}.`,
        'product_id',
      );
    }
    if (!existing && rows.length >= shopLimits.maxCartLines) {
      throw conflict(`A cart holds at most ${shopLimits.maxCartLines} lines.`, 'product_id');
    }
    checkTotal(subtotalOf(lines) + product.price * input.quantity);
    if (existing) await shopRepo.updateLine(tx, user.id, existing.id, { quantity });
    else {
      await shopRepo.insertLine(tx, {
        user_id: user.id,
        product_id: product.id,
        option_key: option,
        quantity,
        seen_price: product.price,
      });
    }
  });
  return cartAnswer(db, user, locale);
}

/**
 * PUT and PATCH carts/mine/items/:id: sets the line's option and quantity (PUT: an option left out is
 * none, a quantity left out is 1; PATCH: only what the body names). Another member's line answers 404;
 * a line whose product is no longer on sale can only be removed (409). Choosing the option of another
 * line of the same product merges the two.
 */
export async function changeItem(
  db: Db,
  user: SessionUser,
  id: number,
  input: z.output<typeof updateCartItemSchema>,
  mode: 'replace' | 'update',
  locale: Locale,
): Promise<CartResponse> {
  const change = mode === 'replace' ? { option: input.option ?? null, quantity: input.quantity ?? 1 } : input;
  await db.transaction(async (tx) => {
    await shopRepo.lockCartForChange(tx, user.id);
    const rows = await shopRepo.cartLines(tx, user.id);
    const line = rows.find((row) => row.id === id);
    if (!line) throw notFound('The cart line');
    if (!onSale(line)) throw conflict('The product is no longer available; remove the line.');
    const option =
      change.option === undefined ? line.option_key : checkOption(line.options ?? [], change.option);
    const quantity = change.quantity ?? line.quantity;
    const other = rows.find(
      (row) => row.id !== id && row.product_id === line.product_id && row.option_key === option,
    );
    const merged = quantity + (other?.quantity ?? 0);
    checkQuantity(merged, line.stock);
    const { lines } = priceLines(rows, locale);
    checkTotal(subtotalOf(lines) + line.price! * (quantity - line.quantity));
    if (other) {
      await shopRepo.updateLine(tx, user.id, other.id, { quantity: merged });
      await shopRepo.removeLine(tx, user.id, id);
    } else {
      await shopRepo.updateLine(tx, user.id, id, { option_key: option, quantity });
    }
  });
  return cartAnswer(db, user, locale);
}

/** DELETE carts/mine/items/:id: another member's line answers 404 as a missing one does. */
export async function removeItem(
  db: Db,
  user: SessionUser,
  id: number,
  locale: Locale,
): Promise<CartResponse> {
  if (!(await shopRepo.removeLine(db, user.id, id))) throw notFound('The cart line');
  return cartAnswer(db, user, locale);
}

/**
 * POST carts/mine/delivery_address and invoice_address: saved as the member's own addresses (the users
 * module checks the country; the contract's schema the postal code of that country).
 */
export async function saveCartAddress(
  db: Db,
  user: SessionUser,
  type: AddressType,
  input: z.output<typeof addressInputSchema>,
  locale: Locale,
): Promise<CartResponse> {
  await saveAddress(db, user, user.id, type, input);
  return cartAnswer(db, user, locale);
}
