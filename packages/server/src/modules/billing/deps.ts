import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/mail';
import type { Providers, Seller } from '../payments';

/** What billing needs beyond a transaction: the providers, the mails, the seller and the time. */
export interface BillingDeps {
  db: Db;
  providers: Providers;
  mailer: Mailer;
  publicUrl: string;
  sepaCreditorId: string | null;
  seller: (db: Db) => Promise<Seller>;
  log: FastifyBaseLogger;
  now: Clock;
}

let current: BillingDeps | undefined;

/**
 * The app's billing dependencies, set when the module registers: the entry's functions take only a
 * transaction (the registration module calls them inside its own), the housekeeping job only a database.
 */
export function setBillingDeps(deps: BillingDeps): void {
  current = deps;
}

export function billingDeps(): BillingDeps {
  if (!current) throw new Error('The billing module is not registered.');
  return current;
}

/** The deps when registered (jobs built without the app run without mails). */
export const maybeBillingDeps = (): BillingDeps | undefined => current;
