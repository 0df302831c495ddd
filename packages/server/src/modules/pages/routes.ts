import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { systemClock } from '../../platform/clock';
import { route } from '../../platform/route';
import { readPage } from './service';

/** CMS pages by id; public, so the legal pages open before sign-in and before the terms are accepted. */
export async function pagesModule(app: FastifyInstance, { database, clock }: AppDeps): Promise<void> {
  const { db } = database;
  const now = clock ?? systemClock;
  route(app, endpoints.pages.get, ({ params, user, request }) =>
    readPage(db, { id: params.id, viewer: user, locale: request.locale, now: now() }),
  );
}
