import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { Config } from '../../../config';
import { AppError } from '../../../platform/errors';
import { orderPage, type PaymentProvider } from './types';

type StripeConfig = NonNullable<Config['payments']['stripe']>;

/** Seconds a signed event stays acceptable (Stripe's own default): an older one is refused as a replay. */
export const webhookToleranceSeconds = 300;

/** How long one call to Stripe may take: the purchase's transaction waits for it. */
const requestTimeoutMs = 10_000;

const providerFailed = () =>
  new AppError(
    502,
    'payment_provider_failed',
    'The payment provider could not be reached. Nothing was charged.',
  );

/** The official SDK, pointed at `STRIPE_API_URL` when set (a local fake in tests). */
export function stripeClient(config: StripeConfig): Stripe {
  const url = config.apiUrl;
  return new Stripe(config.secretKey, {
    timeout: requestTimeoutMs,
    // Each create carries an idempotency key, so a retried call never makes a second session or refund.
    maxNetworkRetries: 1,
    telemetry: false,
    ...(url
      ? {
          host: url.hostname,
          port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
          protocol: url.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/**
 * Card and wallet payments through Stripe Checkout: `start` creates the Checkout session of the order
 * and sends the browser there; the order stays `placed` until the signed webhook says it is paid.
 */
export function stripeProvider(client: Stripe, publicUrl: string, log: FastifyBaseLogger): PaymentProvider {
  const call = async <T>(what: string, orderId: number, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      log.warn({ err: error, orderId }, `stripe: ${what} failed`);
      throw providerFailed();
    }
  };
  return {
    id: 'stripe',
    async start(order) {
      const page = `${publicUrl}${orderPage(order.locale, order.id)}`;
      const lines = order.lines.map((line) => ({
        quantity: line.quantity,
        price_data: {
          currency: order.currency.toLowerCase(),
          unit_amount: line.unit_price,
          product_data: { name: line.option_label ? `${line.name} (${line.option_label})` : line.name },
        },
      }));
      if (order.shipping > 0) {
        lines.push({
          quantity: 1,
          price_data: {
            currency: order.currency.toLowerCase(),
            unit_amount: order.shipping,
            product_data: { name: order.locale === 'de_DE' ? 'Versand' : 'Shipping' },
          },
        });
      }
      const session = await call('creating the checkout session', order.id, () =>
        client.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: lines,
            customer_email: order.email,
            client_reference_id: String(order.id),
            metadata: { order_id: String(order.id), order_number: order.number },
            locale: order.locale === 'de_DE' ? 'de' : 'en-GB',
            success_url: `${page}?checkout=return`,
            cancel_url: `${page}?checkout=cancel`,
          },
          { idempotencyKey: `plaza-order-${order.id}-${order.number}` },
        ),
      );
      return { redirect: session.url ?? '', sessionId: session.id };
    },
    async refund(order) {
      const sessionId = order.provider_session_id;
      if (!sessionId) throw providerFailed();
      const session = await call('reading the checkout session', order.id, () =>
        client.checkout.sessions.retrieve(sessionId),
      );
      const intent =
        typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent) {
        log.warn({ orderId: order.id }, 'stripe: the paid session has no payment intent');
        throw providerFailed();
      }
      await call('refunding', order.id, () =>
        client.refunds.create({ payment_intent: intent }, { idempotencyKey: `plaza-refund-${order.id}` }),
      );
    },
  };
}
