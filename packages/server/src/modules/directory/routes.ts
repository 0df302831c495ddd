import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { directoryFilters, listDirectory, listSearchFields, quickSearch, suggest } from './service';

/** The who-is-who directory: list with search and filters, quick search, search fields and suggestions. */
export async function directoryModule(app: FastifyInstance, { database }: AppDeps): Promise<void> {
  const { db } = database;
  const api = endpoints.directory;

  route(app, api.list, ({ user, query, request }) => listDirectory(db, user, request.locale, query));
  route(app, api.filters, ({ request }) => directoryFilters(db, request.locale));
  route(app, api.search, ({ user, query }) => quickSearch(db, user, query.q));
  route(app, api.profileFields, ({ request }) => listSearchFields(db, request.locale));
  route(app, api.suggestions, ({ query, request }) =>
    suggest(db, request.locale, query.field_id, query.query),
  );
}
