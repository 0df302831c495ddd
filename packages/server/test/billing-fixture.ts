import type { Address, PaymentMethod, SubscriptionPeriod } from '@plaza/contract';
import { gifts, subscriptionOptions } from '../src/db/schema';
import { createSubscription, startSubscriptions } from '../src/modules/billing';
import type { TestApp } from './app';
import { testAccount, testAddress } from './order-fixture';

/** A complete invoice address (the contract's shape). */
export const billingAddress: Address = {
  gender: null,
  title: null,
  address_2: null,
  address_details: null,
  email: null,
  separate_delivery_address: false,
  ...testAddress,
};

/** A subscription option's terms: 9.90 EUR a month, three months at least, 14 days' notice. */
export const monthlyOption = {
  id: 0,
  name: 'Plaza Digital',
  price: 990,
  currency: 'EUR' as const,
  tax_rate: 700,
  period: 'month' as SubscriptionPeriod,
  minimum_term: 3,
  notice_days: 14,
};

/** A pending subscription of the member (with a gift unless `gift: false`); started unless `start: false`. */
export async function buildSubscription(
  t: TestApp,
  userId: number | null,
  input: {
    method?: PaymentMethod;
    period?: SubscriptionPeriod;
    gift?: boolean;
    start?: boolean;
    now?: Date;
    minimum_term?: number;
    notice_days?: number;
    /** The gift's stock (default unlimited). */
    giftStock?: number;
  } = {},
) {
  const method = input.method ?? 'invoice';
  const period = input.period ?? 'month';
  const [option] = await t.db
    .insert(subscriptionOptions)
    .values({
      name_de: monthlyOption.name,
      name_en: monthlyOption.name,
      price: monthlyOption.price,
      currency: monthlyOption.currency,
      tax_rate: monthlyOption.tax_rate,
      period,
      active: true,
    })
    .returning({ id: subscriptionOptions.id });
  const [gift] = await t.db
    .insert(gifts)
    .values({ name_de: 'Tasche', name_en: 'Tote bag', stock: input.giftStock ?? null })
    .returning({ id: gifts.id });
  const created = await createSubscription(t.db, {
    userId,
    option: {
      ...monthlyOption,
      id: option!.id,
      period,
      minimum_term: input.minimum_term ?? monthlyOption.minimum_term,
      notice_days: input.notice_days ?? monthlyOption.notice_days,
    },
    gift: input.gift === false ? null : { id: gift!.id, name: 'Tote bag' },
    payment: { method, sepa: method === 'sepa' ? testAccount : null },
    invoiceAddress: billingAddress,
    deliveryAddress: null,
    locale: 'en_GB',
  });
  if (userId !== null && input.start !== false) {
    const started = await t.db.transaction((tx) =>
      startSubscriptions(tx, userId, input.now ?? new Date(), 'en_GB'),
    );
    await started.afterCommit();
    return { ...created, giftId: gift!.id, redirect: started.redirect };
  }
  return { ...created, giftId: gift!.id, redirect: null };
}
