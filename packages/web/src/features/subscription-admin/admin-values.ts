import type { ShopCurrency } from '@plaza/contract';
import { type Locale, registrationLimits } from '@plaza/contract/constants';
import type {
  AdminGift,
  AdminSubscriptionOption,
  GiftInput,
  SubscriptionOptionInput,
  SubscriptionPeriod,
} from '@plaza/contract/registration';
import { hundredthsText, parseMoney, parsePercent } from '../../lib/money';

/** Problems by the field as the server names it: a text key of ours. */
export type Problems = Record<string, string>;

/** A subscription option while it is edited: amounts as typed. */
export interface OptionValues {
  name_de: string;
  name_en: string;
  description_de: string;
  description_en: string;
  price: string;
  currency: ShopCurrency;
  tax_rate: string;
  period: SubscriptionPeriod;
  minimum_term: string;
  notice_days: string;
  active: boolean;
}

/** The form's values of a stored option, or of a new one (EUR, 7 %, monthly, 1 period, 14 days). */
export function optionValues(option: AdminSubscriptionOption | undefined, lang: Locale): OptionValues {
  return {
    name_de: option?.name_de ?? '',
    name_en: option?.name_en ?? '',
    description_de: option?.description_de ?? '',
    description_en: option?.description_en ?? '',
    price: option ? hundredthsText(option.price, lang) : '',
    currency: option?.currency ?? 'EUR',
    tax_rate: hundredthsText(option?.tax_rate ?? 700, lang, { keepCents: false }),
    period: option?.period ?? 'month',
    minimum_term: String(option?.minimum_term ?? 1),
    notice_days: String(option?.notice_days ?? 14),
    active: option?.active ?? false,
  };
}

const whole = (typed: string, max: number, min = 0): number | null => {
  const value = typed.trim();
  if (!/^\d{1,7}$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
};

/** The call's body (price in minor units, tax in basis points), or the fields to fix. */
export function optionInput(
  values: OptionValues,
): { input: SubscriptionOptionInput } | { problems: Problems } {
  const problems: Problems = {};
  const required = 'registration.admin.form.required';
  if (!values.name_de.trim()) problems.name_de = required;
  if (!values.name_en.trim()) problems.name_en = required;
  const price = parseMoney(values.price);
  if (!values.price.trim()) problems.price = required;
  else if (price === null || price > registrationLimits.maxPrice)
    problems.price = 'registration.admin.form.price_invalid';
  const taxRate = parsePercent(values.tax_rate);
  if (taxRate === null || taxRate > 5_000) problems.tax_rate = 'registration.admin.form.tax_rate_invalid';
  const minimumTerm = whole(values.minimum_term, registrationLimits.maxMinimumTerm, 1);
  if (minimumTerm === null) problems.minimum_term = 'registration.admin.form.number_invalid';
  const noticeDays = whole(values.notice_days, registrationLimits.maxNoticeDays);
  if (noticeDays === null) problems.notice_days = 'registration.admin.form.number_invalid';
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
      period: values.period,
      minimum_term: minimumTerm!,
      notice_days: noticeDays!,
      active: values.active,
    },
  };
}

/** A gift while it is edited. */
export interface GiftValues {
  name_de: string;
  name_en: string;
  description_de: string;
  description_en: string;
  unlimited: boolean;
  stock: string;
  subscription_option_ids: number[];
  active: boolean;
}

export function giftValues(gift: AdminGift | undefined): GiftValues {
  return {
    name_de: gift?.name_de ?? '',
    name_en: gift?.name_en ?? '',
    description_de: gift?.description_de ?? '',
    description_en: gift?.description_en ?? '',
    unlimited: gift ? gift.stock === null : true,
    stock: gift?.stock === null || gift === undefined ? '' : String(gift.stock),
    subscription_option_ids: gift?.subscription_option_ids ?? [],
    active: gift?.active ?? false,
  };
}

export function giftInput(values: GiftValues): { input: GiftInput } | { problems: Problems } {
  const problems: Problems = {};
  const required = 'registration.admin.form.required';
  if (!values.name_de.trim()) problems.name_de = required;
  if (!values.name_en.trim()) problems.name_en = required;
  const stock = values.unlimited ? null : whole(values.stock, 1_000_000);
  if (!values.unlimited && stock === null) problems.stock = 'registration.admin.form.number_invalid';
  if (Object.keys(problems).length > 0) return { problems };
  return {
    input: {
      name_de: values.name_de.trim(),
      name_en: values.name_en.trim(),
      description_de: values.description_de.trim(),
      description_en: values.description_en.trim(),
      stock,
      subscription_option_ids: values.subscription_option_ids,
      active: values.active,
    },
  };
}
