import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { latestNotifications, listActivities, markNotificationOld, unreadCount } from './service';

/** The activity feed and notification endpoints. */
export async function activitiesModule(app: FastifyInstance, { database }: AppDeps): Promise<void> {
  const { db } = database;
  const api = endpoints.activities;
  route(app, api.list, ({ user, query, request }) => listActivities(db, user.id, request.locale, query));
  route(app, api.unread, ({ user }) => unreadCount(db, user.id));
  route(app, api.latestNotifications, ({ user, request }) =>
    latestNotifications(db, user.id, request.locale),
  );
  route(app, api.markNotificationOld, ({ user, query }) => markNotificationOld(db, user.id, query.id));
}
