import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { auditOrigin } from '../audit';
import { receiveUpload, registerMultipart } from '../uploads';
import { brandingFile, removeBrandingImage, uploadBrandingImage } from './service';

/** The logo and favicon: set and removed by superadmins, served to everyone. */
export async function brandingModule(app: FastifyInstance, { database }: AppDeps): Promise<void> {
  const { db } = database;
  const api = endpoints.admin;
  // Multipart parsing exists only inside this scope, for the upload.
  await app.register(async (scope) => {
    await registerMultipart(scope);
    route(scope, api.uploadBrandingImage, ({ user, params, request }) =>
      uploadBrandingImage(db, user, auditOrigin(request), params.kind, () => receiveUpload(request)),
    );
  });
  route(app, api.removeBrandingImage, ({ user, params, request }) =>
    removeBrandingImage(db, user, auditOrigin(request), params.kind),
  );
  route(app, api.brandingImage, async ({ params, reply }) => {
    const { mime, content } = await brandingFile(db, params.kind, params.file);
    // A file's name carries a hash of its content: it never changes, so it is cached for good.
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .type(mime);
    return reply.send(content) as never;
  });
}
