import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { searchPage, searchSuggestions } from './service';

/** The search across the community and its suggestions while typing. */
export async function searchModule(app: FastifyInstance, { database }: AppDeps): Promise<void> {
  const { db } = database;
  const { search } = endpoints;
  route(app, search.page, ({ user, query, request }) => searchPage(db, user, request.locale, query));
  route(app, search.suggestions, ({ user, query, request }) =>
    searchSuggestions(db, user, request.locale, query.q),
  );
}
