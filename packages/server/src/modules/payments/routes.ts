import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { systemClock } from '../../platform/clock';
import { route } from '../../platform/route';
import { auditOrigin } from '../audit';
import { getSettings } from '../settings';
import type { PaymentDeps } from './deps';
import type { Seller } from './invoice-pdf';
import {
  listAdminOrders,
  listOrders,
  orderInvoice,
  readAdminOrder,
  readOrder,
  setOrderState,
} from './order-service';
import { configuredProviders } from './providers';
import { choosePayment, paymentServices, purchase } from './purchase-service';
import { receiveStripeEvent } from './webhook';

/** The largest webhook body taken (Stripe's events are a few KB). */
const webhookBodyLimit = 256 * 1024;

/** Payments and orders: the providers, the purchase, the member's orders and their administration. */
export async function paymentsModule(app: FastifyInstance, { database, clock, config, mailer }: AppDeps) {
  const { shop } = endpoints;
  const seller = async (db: Db): Promise<Seller> => ({
    name: config.payments.seller.name ?? (await getSettings(db)).company.name,
    address: config.payments.seller.address,
    vatId: config.payments.seller.vatId,
  });
  const deps: PaymentDeps = {
    db: database.db,
    providers: configuredProviders(config, app.log),
    now: clock ?? systemClock,
    log: app.log,
    mailer,
    publicUrl: config.publicUrl,
    sepaCreditorId: config.payments.sepaCreditorId,
    seller,
  };

  route(app, shop.paymentServices, ({ request }) => paymentServices(deps, request.locale));
  route(app, shop.payment, ({ user, body, request }) => choosePayment(deps, user, body, request.locale));
  route(app, shop.purchase, ({ user, body, request }) => purchase(deps, user, body, request.locale));
  route(app, shop.orders, ({ user, query }) => listOrders(deps, user, query.before));
  route(app, shop.order, ({ user, params }) => readOrder(deps, user, params.id));
  route(app, shop.invoice, async ({ user, params, reply }) => {
    const { pdf, fileName } = await orderInvoice(deps, user, params.id);
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache');
    return pdf;
  });
  route(app, shop.adminOrders, ({ user, query }) => listAdminOrders(deps, user, query));
  route(app, shop.adminOrder, ({ user, params }) => readAdminOrder(deps, user, params.id));
  route(app, shop.adminSetOrderState, ({ user, params, body, request }) =>
    setOrderState(deps, user, params.id, body.state, auditOrigin(request)),
  );

  // The webhook's signature is over the body's exact bytes: in this scope every body stays raw.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: webhookBodyLimit },
      (_request, body, done) => done(null, body),
    );
    route(scope, shop.stripeWebhook, ({ request }) =>
      receiveStripeEvent(deps, request.body, request.headers['stripe-signature']),
    );
  });
}
