import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { auditOrigin } from '../audit';
import { createDisplayKey, listDisplayKeys, requireDisplayKey, revokeDisplayKey } from './display-keys';
import { openTvImage, tvFeed } from './feed';

/** TV slideshow: the feed and its images for display keys (rate-limited per IP), and the keys for superadmins. */
export async function tvModule(app: FastifyInstance, { database, config, storage }: AppDeps): Promise<void> {
  const { db } = database;
  const { tv } = endpoints;

  route(app, tv.feed, async ({ query, request, reply }) => {
    await requireDisplayKey(db, query.key);
    reply.header('cache-control', 'no-store');
    return tvFeed({ db, publicUrl: config.publicUrl, locale: request.locale, key: query.key! });
  });

  route(app, tv.image, async ({ params, query, reply }) => {
    await requireDisplayKey(db, query.key);
    const image = await openTvImage(db, storage, params.id);
    reply
      .type(image.mimeType)
      .header('content-length', image.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=300');
    return image.stream;
  });

  route(app, tv.displayKeys, ({ user }) => listDisplayKeys(db, user));
  route(app, tv.createDisplayKey, async ({ user, body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return createDisplayKey(db, user, body.name, auditOrigin(request));
  });
  route(app, tv.revokeDisplayKey, ({ user, params, request }) =>
    revokeDisplayKey(db, user, params.id, auditOrigin(request)),
  );
}
