import { endpoints, tvThrottle } from '@plaza/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { route } from '../../platform/route';
import { hit, secondsUntil } from '../../platform/throttle';
import { createDisplayKey, listDisplayKeys, requireDisplayKey, revokeDisplayKey } from './display-keys';
import { openTvImage, tvFeed } from './feed';

/** Counts a TV call of the caller's IP; 429 beyond the contract's limit. */
async function throttle(db: Db, request: FastifyRequest, kind: keyof typeof tvThrottle): Promise<void> {
  const { max, windowSeconds } = tvThrottle[kind];
  const window = await hit(db, `tv-${kind}:${request.ip}`, windowSeconds);
  if (window.count > max) {
    throw new AppError(429, 'rate_limited', 'Too many requests from this display.', undefined, {
      'retry-after': String(secondsUntil(window.resetAt)),
    });
  }
}

/** TV slideshow: the feed and its images for display keys, and the keys for superadmins. */
export async function tvModule(app: FastifyInstance, { database, config }: AppDeps): Promise<void> {
  const { db } = database;
  const { tv } = endpoints;

  route(app, tv.feed, async ({ query, request, reply }) => {
    await throttle(db, request, 'feed');
    await requireDisplayKey(db, query.key);
    reply.header('cache-control', 'no-store');
    return tvFeed({ db, publicUrl: config.publicUrl, locale: request.locale, key: query.key! });
  });

  route(app, tv.image, async ({ params, query, request, reply }) => {
    await throttle(db, request, 'images');
    await requireDisplayKey(db, query.key);
    const image = await openTvImage(db, config.dataDir, params.id);
    reply
      .type(image.mimeType)
      .header('content-length', image.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=300');
    return image.stream;
  });

  route(app, tv.displayKeys, ({ user }) => listDisplayKeys(db, user));
  route(app, tv.createDisplayKey, async ({ user, body, reply }) => {
    reply.header('cache-control', 'no-store');
    return createDisplayKey(db, user, body.name);
  });
  route(app, tv.revokeDisplayKey, ({ user, params }) => revokeDisplayKey(db, user, params.id));
}
