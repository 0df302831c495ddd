import type { AdminGift, AdminSubscriptionOption, Gift, Locale, SubscriptionOption } from '@plaza/contract';
import { imageUrl } from '../uploads';
import type { GiftWithOptions, OptionWithImage, TopicRow } from './repo';

/** The text in the reader's language, the other language where it is empty. */
const local = (de: string, en: string, locale: Locale) => (locale === 'de_DE' ? de || en : en || de);

/** A subscription option as a visitor sees it. */
export function presentOption(row: OptionWithImage, locale: Locale): SubscriptionOption {
  return {
    id: row.id,
    name: local(row.name_de, row.name_en, locale),
    description: local(row.description_de, row.description_en, locale),
    image: imageUrl(row.image_path),
    price: row.price,
    currency: row.currency,
    tax_rate: row.tax_rate,
    period: row.period,
    minimum_term: row.minimum_term,
    notice_days: row.notice_days,
  };
}

export function presentAdminOption(row: OptionWithImage): AdminSubscriptionOption {
  return {
    id: row.id,
    name_de: row.name_de,
    name_en: row.name_en,
    description_de: row.description_de,
    description_en: row.description_en,
    price: row.price,
    currency: row.currency,
    tax_rate: row.tax_rate,
    period: row.period,
    minimum_term: row.minimum_term,
    notice_days: row.notice_days,
    active: row.active,
    image: imageUrl(row.image_path),
  };
}

/** A gift as a visitor sees it; `activeOptionIds` limits its options to those offered. */
export function presentGift(row: GiftWithOptions, locale: Locale, activeOptionIds: Set<number>): Gift {
  return {
    id: row.id,
    name: local(row.name_de, row.name_en, locale),
    description: local(row.description_de, row.description_en, locale),
    image: imageUrl(row.image_path),
    subscription_option_ids: row.option_ids.filter((id) => activeOptionIds.has(id)),
    available: row.stock === null || row.stock > 0,
  };
}

export function presentAdminGift(row: GiftWithOptions): AdminGift {
  return {
    id: row.id,
    name_de: row.name_de,
    name_en: row.name_en,
    description_de: row.description_de,
    description_en: row.description_en,
    stock: row.stock,
    subscription_option_ids: row.option_ids,
    active: row.active,
    image: imageUrl(row.image_path),
  };
}

export const presentTopic = (row: TopicRow, locale: Locale) => ({
  id: row.id,
  label: local(row.label_de, row.label_en, locale),
});

export const presentAdminTopic = (row: TopicRow) => ({
  id: row.id,
  label_de: row.label_de,
  label_en: row.label_en,
});
