import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A Checkout session the fake made: the form fields the SDK sent, flat (`line_items[0][quantity]`). */
export interface FakeSession {
  id: string;
  url: string;
  payment_intent: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
}

/** A refund the fake made. */
export interface FakeRefund {
  id: string;
  payment_intent: string;
  idempotencyKey: string | undefined;
}

/** A subscription the fake made for a completed `subscription` session, and the updates it was sent. */
export interface FakeSubscription {
  id: string;
  session_id: string;
  updates: Record<string, string>[];
}

/** How the fake answers the next session call: normally, with an empty `url`, or with a 500. */
export type FakeSessionMode = 'ok' | 'empty_url' | 'error';

export interface StripeFake {
  /** Base URL for `STRIPE_API_URL` (`http://127.0.0.1:<port>`). */
  url: string;
  sessions: FakeSession[];
  refunds: FakeRefund[];
  /** Subscriptions of `subscription` sessions (made with the session). */
  subscriptions: FakeSubscription[];
  /** Every request's method and path, in order. */
  requests: string[];
  /** How later session calls are answered (until set again). */
  setSessionMode(mode: FakeSessionMode): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  response.end(JSON.stringify(body));
}

async function formOf(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function sessionObject(session: FakeSession, paid = false) {
  const mode = session.params.mode ?? 'payment';
  return {
    id: session.id,
    object: 'checkout.session',
    url: session.url,
    mode,
    subscription: mode === 'subscription' ? `sub_${session.id}` : null,
    status: paid ? 'complete' : 'open',
    payment_status: paid ? 'paid' : 'unpaid',
    payment_intent: paid ? session.payment_intent : null,
    client_reference_id: session.params.client_reference_id ?? null,
    metadata: {
      order_id: session.params['metadata[order_id]'] ?? null,
      order_number: session.params['metadata[order_number]'] ?? null,
    },
    success_url: session.params.success_url,
    cancel_url: session.params.cancel_url,
    currency: session.params['line_items[0][price_data][currency]'] ?? null,
  };
}

/**
 * A local HTTP stand-in for the few Stripe endpoints Plaza calls (create and read a Checkout session,
 * create a refund, update a subscription), for the real SDK pointed at it with `STRIPE_API_URL`. Sessions
 * read back as paid; a `subscription` session's subscription is `sub_<session id>`.
 */
export async function startStripeFake(): Promise<StripeFake> {
  const sessions: FakeSession[] = [];
  const refunds: FakeRefund[] = [];
  const subscriptions: FakeSubscription[] = [];
  const requests: string[] = [];
  let mode: FakeSessionMode = 'ok';
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    requests.push(`${request.method} ${path}`);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const handle = async () => {
      if (!String(request.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
        return send(response, 401, { error: { type: 'invalid_request_error', message: 'No API key' } });
      }
      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        const params = await formOf(request);
        if (mode === 'error') {
          return send(response, 500, { error: { type: 'api_error', message: 'The fake fails on purpose.' } });
        }
        const replayed = idempotencyKey
          ? sessions.find((s) => s.idempotencyKey === idempotencyKey)
          : undefined;
        if (replayed) return send(response, 200, sessionObject(replayed));
        const sessionId = id('cs');
        const session: FakeSession = {
          id: sessionId,
          url: mode === 'empty_url' ? '' : `https://checkout.stripe.test/c/pay/${sessionId}`,
          payment_intent: id('pi'),
          params,
          idempotencyKey,
        };
        sessions.push(session);
        if (params.mode === 'subscription') {
          subscriptions.push({ id: `sub_${sessionId}`, session_id: sessionId, updates: [] });
        }
        return send(response, 200, { ...sessionObject(session), url: session.url || null });
      }
      const read = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
      if (request.method === 'GET' && read) {
        const session = sessions.find((s) => s.id === read[1]);
        if (!session)
          return send(response, 404, {
            error: { type: 'invalid_request_error', message: 'No such session' },
          });
        return send(response, 200, sessionObject(session, true));
      }
      if (request.method === 'POST' && path === '/v1/refunds') {
        const params = await formOf(request);
        const refund: FakeRefund = {
          id: id('re'),
          payment_intent: params.payment_intent ?? '',
          idempotencyKey,
        };
        refunds.push(refund);
        return send(response, 200, { ...refund, object: 'refund', status: 'succeeded' });
      }
      const subscriptionPath = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
      if (request.method === 'POST' && subscriptionPath) {
        const subscription = subscriptions.find((s) => s.id === subscriptionPath[1]);
        if (!subscription)
          return send(response, 404, {
            error: { type: 'invalid_request_error', message: 'No such subscription' },
          });
        const params = await formOf(request);
        subscription.updates.push(params);
        return send(response, 200, {
          id: subscription.id,
          object: 'subscription',
          status: 'active',
          cancel_at: params.cancel_at ? Number(params.cancel_at) : null,
        });
      }
      return send(response, 404, { error: { type: 'invalid_request_error', message: `No route ${path}` } });
    };
    handle().catch((error: unknown) =>
      send(response, 500, { error: { type: 'api_error', message: String(error) } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    refunds,
    subscriptions,
    requests,
    setSessionMode(next) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The test key and webhook secret the fake takes (any `sk_test_` key passes). */
export const fakeStripeKeys = { secretKey: 'sk_test_plazafake', webhookSecret: 'whsec_plazafake' } as const;

/** A `checkout.session.completed` event of a fake session, paid, as Stripe sends it. */
export function checkoutCompletedEvent(session: FakeSession, eventId = id('evt')) {
  return {
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: { object: sessionObject(session, true) },
  };
}

/** A `checkout.session.expired` event of a fake session (Stripe ends an unpaid session after a day). */
export function checkoutExpiredEvent(session: FakeSession, eventId = id('evt')) {
  return {
    id: eventId,
    object: 'event',
    type: 'checkout.session.expired',
    created: Math.floor(Date.now() / 1000),
    data: { object: { ...sessionObject(session), status: 'expired', url: null } },
  };
}

/** The event's body and its `Stripe-Signature` header, signed with the secret (at `timestamp`, seconds). */
export function signedEvent(
  event: object,
  secret: string = fakeStripeKeys.webhookSecret,
  timestamp?: number,
) {
  const payload = JSON.stringify(event);
  const signature = new Stripe(fakeStripeKeys.secretKey).webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
  return { payload, signature };
}

/** An `invoice.paid` event of a fake subscription's renewal (`subscription_cycle`), as Stripe sends it. */
export function invoicePaidEvent(
  subscription: FakeSubscription,
  amount: number,
  billingReason = 'subscription_cycle',
  eventId = id('evt'),
) {
  return {
    id: eventId,
    object: 'event',
    type: 'invoice.paid',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: id('in'),
        object: 'invoice',
        billing_reason: billingReason,
        amount_paid: amount,
        status: 'paid',
        parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      },
    },
  };
}
