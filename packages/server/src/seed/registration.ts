import type { giftInputSchema, subscriptionOptionInputSchema } from '@plaza/contract';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { createGiftAs, createOptionAs, createTopicAs } from '../modules/registration';
import type { ObjectStore } from '../platform/storage';
import { productImage } from './shop';

type Picture = { colours: [string, string]; drawing: string };
type SubscriptionOptionInput = z.output<typeof subscriptionOptionInputSchema>;
type GiftInput = z.output<typeof giftInputSchema>;

/** Three subscriptions of the community magazine: digital monthly, print quarterly, everything yearly. */
const demoOptions: (Omit<SubscriptionOptionInput, 'active'> & Picture)[] = [
  {
    name_de: 'Digital',
    name_en: 'Digital',
    description_de: 'Das Magazin jeden Monat als E-Paper und alle Artikel online. Monatlich kündbar.',
    description_en: 'The magazine every month as an e-paper and every article online. Cancel monthly.',
    price: 690,
    currency: 'EUR',
    tax_rate: 700,
    period: 'month',
    minimum_term: 1,
    notice_days: 7,
    colours: ['#1f5fa8', '#f4d35e'],
    drawing:
      '<rect x="28" y="22" width="44" height="56" rx="5"/><rect x="34" y="30" width="32" height="36" fill="#ffffff" opacity="0.7"/>',
  },
  {
    name_de: 'Print',
    name_en: 'Print',
    description_de: 'Das gedruckte Magazin frei Haus, vierteljährlich berechnet, mindestens ein halbes Jahr.',
    description_en: 'The printed magazine delivered free, billed quarterly, for half a year at least.',
    price: 2400,
    currency: 'EUR',
    tax_rate: 700,
    period: 'quarter',
    minimum_term: 2,
    notice_days: 14,
    colours: ['#b3400a', '#ffffff'],
    drawing:
      '<rect x="26" y="24" width="48" height="52" rx="2"/><rect x="32" y="32" width="36" height="6" fill="#ffffff" opacity="0.7"/><rect x="32" y="44" width="24" height="3" fill="#ffffff" opacity="0.7"/>',
  },
  {
    name_de: 'Jahresabo Komplett',
    name_en: 'Complete yearly',
    description_de: 'Print und Digital für ein Jahr, zum Preis von zehn Monaten.',
    description_en: 'Print and digital for a year, for the price of ten months.',
    price: 8900,
    currency: 'EUR',
    tax_rate: 700,
    period: 'year',
    minimum_term: 1,
    notice_days: 30,
    colours: ['#00798c', '#edae49'],
    drawing:
      '<rect x="22" y="26" width="36" height="48" rx="2"/><rect x="44" y="30" width="34" height="44" rx="5" opacity="0.7"/>',
  },
];

/** Three gifts: a mug (all), a tote bag (print and yearly, few left), a book (yearly only). */
const demoGifts: (Omit<GiftInput, 'active' | 'subscription_option_ids'> & Picture & { options: number[] })[] =
  [
    {
      name_de: 'Plaza-Tasse',
      name_en: 'Plaza mug',
      description_de: 'Steinguttasse mit Logo, 300 ml.',
      description_en: 'Stoneware mug with the logo, 300 ml.',
      stock: 200,
      options: [0, 1, 2],
      colours: ['#1d4e89', '#f4d35e'],
      drawing:
        '<rect x="28" y="30" width="36" height="44" rx="4"/><path d="M64 40 h8 a8 8 0 0 1 0 22 h-8" fill="none" stroke-width="6"/>',
    },
    {
      name_de: 'Stofftasche',
      name_en: 'Tote bag',
      description_de: 'Baumwolltasche mit langem Henkel.',
      description_en: 'Cotton tote bag with long handles.',
      stock: 12,
      options: [1, 2],
      colours: ['#7d2e68', '#ffd6a5'],
      drawing:
        '<path d="M28 38 h44 l-4 40 h-36 z"/><path d="M40 38 q10 -24 20 0" fill="none" stroke-width="4"/>',
    },
    {
      name_de: 'Buch „Zusammen arbeiten“',
      name_en: 'Book "Working together"',
      description_de: 'Geschichten aus unserer Gemeinschaft, 240 Seiten.',
      description_en: 'Stories from our community, 240 pages.',
      stock: null,
      options: [2],
      colours: ['#d1495b', '#ffffff'],
      drawing:
        '<rect x="30" y="20" width="40" height="60" rx="3"/><rect x="36" y="28" width="28" height="6" fill="#ffffff" opacity="0.6"/>',
    },
  ];

const demoTopics = [
  { label_de: 'Kultur', label_en: 'Culture' },
  { label_de: 'Sport', label_en: 'Sports' },
  { label_de: 'Technik', label_en: 'Technology' },
  { label_de: 'Nachhaltigkeit', label_en: 'Sustainability' },
  { label_de: 'Reisen', label_en: 'Travel' },
];

/** What the demo's registration offers: three options, three gifts (both languages, pictures), five topics. */
export async function seedDemoRegistration(db: Db, adminId: number, storage?: ObjectStore): Promise<void> {
  const optionIds: number[] = [];
  for (const { colours, drawing, ...fields } of demoOptions) {
    const imageId = storage ? await productImage(db, storage, adminId, { colours, drawing }) : null;
    optionIds.push(await createOptionAs(db, { ...fields, active: true, image_id: imageId }));
  }
  for (const { colours, drawing, options, ...fields } of demoGifts) {
    const imageId = storage ? await productImage(db, storage, adminId, { colours, drawing }) : null;
    await createGiftAs(db, {
      ...fields,
      active: true,
      subscription_option_ids: options.map((index) => optionIds[index]!),
      image_id: imageId,
    });
  }
  for (const topic of demoTopics) await createTopicAs(db, topic);
}
