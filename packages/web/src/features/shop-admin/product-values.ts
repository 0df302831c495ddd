import type { AdminProduct, ProductInput, ShopCurrency } from '@plaza/contract';
import { type Locale, shopLimits } from '@plaza/contract/constants';
import { ApiRequestError } from '../../lib/api-client';
import { hundredthsText, parseMoney, parsePercent } from '../../lib/money';

/** An option of a product while it is edited. */
export interface OptionValues {
  id: string;
  label_de: string;
  label_en: string;
}

/** What the product form holds while it is edited: amounts as typed. */
export interface ProductValues {
  name_de: string;
  name_en: string;
  description_de: string;
  description_en: string;
  price: string;
  currency: ShopCurrency;
  tax_rate: string;
  options: OptionValues[];
  unlimited: boolean;
  stock: string;
  active: boolean;
}

/** A problem at a field: a text key of the form, or the server's own words. */
export type Problem = { key: string } | { text: string };
/** Problems by the field's dotted path as the server names it (`price`, `options.1.id`). */
export type Problems = Record<string, Problem>;

/** The form's values of a stored product, or of a new one (EUR, 19 %, unlimited, inactive). */
export function productValues(product: AdminProduct | undefined, lang: Locale): ProductValues {
  return {
    name_de: product?.name_de ?? '',
    name_en: product?.name_en ?? '',
    description_de: product?.description_de ?? '',
    description_en: product?.description_en ?? '',
    price: product ? hundredthsText(product.price, lang) : '',
    currency: product?.currency ?? 'EUR',
    tax_rate: hundredthsText(product?.tax_rate ?? 1900, lang, { keepCents: false }),
    options: product?.options.map((option) => ({ ...option })) ?? [],
    unlimited: product ? product.stock === null : true,
    stock: product?.stock === null || product === undefined ? '' : String(product.stock),
    active: product?.active ?? false,
  };
}

const optionKey = /^[a-z0-9_-]{1,40}$/;

/** The call's body from the form (prices in minor units, tax in basis points), or the fields to fix. */
export function productInput(values: ProductValues): { input: ProductInput } | { problems: Problems } {
  const problems: Problems = {};
  const required = { key: 'shop_admin.form.required' };
  if (!values.name_de.trim()) problems.name_de = required;
  if (!values.name_en.trim()) problems.name_en = required;
  const price = parseMoney(values.price);
  if (!values.price.trim()) problems.price = required;
  else if (price === null) problems.price = { key: 'shop_admin.form.price_invalid' };
  else if (price > shopLimits.maxPrice) problems.price = { key: 'shop_admin.form.price_too_high' };
  const taxRate = parsePercent(values.tax_rate);
  if (taxRate === null || taxRate > shopLimits.maxTaxRate) {
    problems.tax_rate = { key: 'shop_admin.form.tax_rate_invalid' };
  }
  const stockText = values.stock.trim();
  const stock = values.unlimited ? null : /^\d{1,7}$/.test(stockText) ? Number(stockText) : Number.NaN;
  if (stock !== null && !(stock <= shopLimits.maxStock))
    problems.stock = { key: 'shop_admin.form.stock_invalid' };
  const seen = new Set<string>();
  values.options.forEach((option, index) => {
    const id = option.id.trim();
    if (!optionKey.test(id)) problems[`options.${index}.id`] = { key: 'shop_admin.form.option_id_invalid' };
    else if (seen.has(id)) problems[`options.${index}.id`] = { key: 'shop_admin.form.option_id_taken' };
    seen.add(id);
    if (!option.label_de.trim()) problems[`options.${index}.label_de`] = required;
    if (!option.label_en.trim()) problems[`options.${index}.label_en`] = required;
  });
  if (Object.keys(problems).length > 0) return { problems };
  return {
    input: {
      name_de: values.name_de.trim(),
      name_en: values.name_en.trim(),
      description_de: values.description_de.trim(),
      description_en: values.description_en.trim(),
      price: price!,
      currency: values.currency,
      tax_rate: taxRate!,
      options: values.options.map((option) => ({
        id: option.id.trim(),
        label_de: option.label_de.trim(),
        label_en: option.label_en.trim(),
      })),
      stock,
      active: values.active,
    },
  };
}

/** The server's refusals that name a field of the form, by field (its `field: ` prefix taken off the text). */
export function serverProblems(error: unknown, fields: (field: string) => boolean): Problems {
  if (!(error instanceof ApiRequestError)) return {};
  const problems: Problems = {};
  for (const item of error.errors) {
    if (!item.field || !fields(item.field) || problems[item.field]) continue;
    const text = item.message.startsWith(`${item.field}: `)
      ? item.message.slice(item.field.length + 2)
      : item.message;
    problems[item.field] = { text };
  }
  return problems;
}

/** Whether a dotted field path is one the product form shows. */
export function isProductField(field: string): boolean {
  return (
    /^(name_de|name_en|description_de|description_en|price|currency|tax_rate|stock)$/.test(field) ||
    /^options\.\d+\.(id|label_de|label_en)$/.test(field)
  );
}
