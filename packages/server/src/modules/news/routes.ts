import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { listNews, newsFilters, newsItem, topicNews, topTeaser } from './service';
import { shareTeaserChanges } from './teaser-memo';

/** The news stream, its teasers and filters, the topic stream and single items. */
export async function newsModule(app: FastifyInstance, { database, bus }: AppDeps): Promise<void> {
  const { db } = database;
  // Another instance changed an article, its likes or comments: drop the teasers kept here too.
  const unsubscribe = await shareTeaserChanges(db, bus, app.log);
  app.addHook('onClose', unsubscribe);
  const { news } = endpoints;
  route(app, news.list, ({ user, query, request }) => listNews(db, user, request.locale, query));
  route(app, news.filters, async ({ request }) => ({ results: await newsFilters(db, request.locale) }));
  route(app, news.topTeaser, ({ user, request }) => topTeaser(db, user, request.locale));
  route(app, news.topic, ({ user, params, query }) => topicNews(db, user, params.id, query));
  route(app, news.get, ({ user, params, request }) => newsItem(db, user, request.locale, params.id));
}
