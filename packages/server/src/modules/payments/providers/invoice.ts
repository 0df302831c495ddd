import { orderPage, type PaymentProvider } from './types';

/** Pay by invoice (always offered): the order is placed, its invoice goes out by mail; nothing to call. */
export const invoiceProvider: PaymentProvider = {
  id: 'invoice',
  async start(order) {
    return { redirect: orderPage(order.locale, order.id), sessionId: null };
  },
  // A settled invoice is paid back by hand; the refund is only recorded.
  async refund() {},
};
