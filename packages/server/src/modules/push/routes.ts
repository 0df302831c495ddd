import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { publishPushKey, subscribe, unsubscribe } from './service';

/** Web push subscriptions; the pushes themselves go out from chat and activities (platform/push). */
export async function pushModule(app: FastifyInstance, { database }: AppDeps): Promise<void> {
  const { db } = database;
  await publishPushKey(db);
  route(app, endpoints.push.subscribe, ({ user, body }) => subscribe(db, user, body.subscription));
  route(app, endpoints.push.unsubscribe, ({ user, params }) => unsubscribe(db, user, params.id));
}
