import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { systemClock } from '../../platform/clock';
import { route } from '../../platform/route';
import { configuredProviders, onStripeEvent, type Seller } from '../payments';
import { getSettings } from '../settings';
import { receiveBillingEvent } from './card';
import { type BillingDeps, setBillingDeps } from './deps';
import {
  cancelSubscription,
  invoicePdfOf,
  mySubscriptions,
  readItem,
  removeItem,
  subscriptionInvoices,
  updateItem,
} from './member-service';

let listening = false;

/** Billing under `/billing-api/v1/`: the member's subscriptions, their items and invoices. */
export async function billingModule(app: FastifyInstance, { database, clock, config, mailer }: AppDeps) {
  const { billing } = endpoints;
  const seller = async (db: Db): Promise<Seller> => ({
    name: config.payments.seller.name ?? (await getSettings(db)).company.name,
    address: config.payments.seller.address,
    vatId: config.payments.seller.vatId,
  });
  const deps: BillingDeps = {
    db: database.db,
    providers: configuredProviders(config, app.log),
    now: clock ?? systemClock,
    log: app.log,
    mailer,
    publicUrl: config.publicUrl,
    sepaCreditorId: config.payments.sepaCreditorId,
    seller,
  };
  setBillingDeps(deps);
  if (!listening) {
    listening = true;
    onStripeEvent(async (tx, event, now) => {
      await receiveBillingEvent(tx, event, now);
    });
  }

  route(app, billing.mine, ({ user }) => mySubscriptions(deps, user));
  route(app, billing.cancel, ({ user, params }) => cancelSubscription(deps, user, params.id));
  route(app, billing.invoices, ({ user, params, query }) =>
    subscriptionInvoices(deps, user, params.id, query.before),
  );
  route(app, billing.invoicePdf, async ({ user, params, reply }) => {
    const { pdf, fileName } = await invoicePdfOf(deps, user, params.id);
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache');
    return pdf;
  });
  route(app, billing.item, ({ user, params }) => readItem(deps, user, params.id));
  route(app, billing.updateItem, ({ user, params, body }) =>
    updateItem(deps, user, params.id, body.quantity),
  );
  route(app, billing.removeItem, ({ user, params }) => removeItem(deps, user, params.id));
}
