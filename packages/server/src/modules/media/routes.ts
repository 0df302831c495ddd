import { endpoints, linkPreviewThrottle } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { AppError } from '../../platform/errors';
import { route } from '../../platform/route';
import { hit, secondsUntil } from '../../platform/throttle';
import { getLinkPreview, mediaDeps } from './preview-service';

/** Link previews: `GET /api/v2/media.preview` for signed-in members, throttled per member. */
export async function mediaModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const media = mediaDeps(deps);
  const { perMember } = linkPreviewThrottle;
  route(app, endpoints.media.preview, async ({ user, query }) => {
    const window = await hit(media.db, `link-preview:${user.id}`, perMember.windowSeconds);
    if (window.count > perMember.max) {
      throw new AppError(429, 'rate_limited', 'Too many link previews. Please wait a moment.', undefined, {
        'retry-after': String(secondsUntil(window.resetAt)),
      });
    }
    return { preview: await getLinkPreview(media, query.url) };
  });
}
