import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { listOccasions, localToday, type OccasionDeps, occasionFeed, occasionFilters } from './service';

/** Persons of occasion: birthdays and work anniversaries, upcoming first. */
export async function occasionsModule(app: FastifyInstance, { database }: AppDeps): Promise<void> {
  const deps: OccasionDeps = { db: database.db, today: () => localToday() };
  const api = endpoints.occasions;

  route(app, api.list, ({ user, query }) => listOccasions(deps, user, query));
  route(app, api.birthdays, ({ user, query }) => listOccasions(deps, user, query, 'birthday'));
  route(app, api.anniversaries, ({ user, query }) => listOccasions(deps, user, query, 'anniversary'));
  route(app, api.feed, ({ user, query }) => occasionFeed(deps, user, query.limit));
  route(app, api.filters, ({ request }) => occasionFilters(database.db, request.locale));
}
