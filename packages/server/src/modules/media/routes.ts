import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { getLinkPreview, mediaDeps } from './preview-service';

/** Link previews: `GET /api/v2/media.preview` for signed-in members (rate-limited as `previews`). */
export async function mediaModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const media = mediaDeps(deps);
  route(app, endpoints.media.preview, async ({ query }) => ({
    preview: await getLinkPreview(media, query.url),
  }));
}
