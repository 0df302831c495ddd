import type { PaymentMethod } from '@plaza/contract';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Config } from '../../../config';
import { invoiceProvider } from './invoice';
import { sepaProvider } from './sepa';
import { stripeClient, stripeProvider } from './stripe';
import type { PaymentProvider } from './types';

/** The payment providers this server offers, in the order `GET payments` lists them. */
export interface Providers {
  offered: PaymentProvider[];
  get(method: PaymentMethod): PaymentProvider | undefined;
  /** The SDK and webhook secret, when Stripe is configured. */
  stripe: { client: Stripe; webhookSecret: string } | null;
  sepaCreditorId: string | null;
}

/** The invoice always; SEPA with a creditor id; Stripe with its keys. */
export function configuredProviders(
  config: Pick<Config, 'payments' | 'publicUrl'>,
  log: FastifyBaseLogger,
): Providers {
  const { payments } = config;
  const stripe = payments.stripe
    ? { client: stripeClient(payments.stripe), webhookSecret: payments.stripe.webhookSecret }
    : null;
  const offered: PaymentProvider[] = [
    invoiceProvider,
    ...(payments.sepaCreditorId ? [sepaProvider] : []),
    ...(stripe ? [stripeProvider(stripe.client, config.publicUrl, log)] : []),
  ];
  return {
    offered,
    get: (method) => offered.find((provider) => provider.id === method),
    stripe,
    sepaCreditorId: payments.sepaCreditorId,
  };
}

export type { PaymentProvider, PlacedOrder, SepaAccount } from './types';
export { orderPage } from './types';
