import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { OrderMailDeps } from './mails';
import type { Providers } from './providers';

/** What the payment services need: the database, the providers, the mails and the time. */
export interface PaymentDeps extends OrderMailDeps {
  db: Db;
  providers: Providers;
  now: Clock;
  log: FastifyBaseLogger;
}
