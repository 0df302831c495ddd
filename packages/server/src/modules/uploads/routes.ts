import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { notFound } from '../../platform/errors';
import { route } from '../../platform/route';
import { cropOwnImage, type UploadDeps, uploadImage } from './images-service';
import { receiveUpload, registerMultipart } from './multipart';

/** Stored image names: random hex, WebP. Anything else is not an image of ours. */
const storedImageName = /^[0-9a-f]{32}\.webp$/;

/** Image uploads and crops of one's own images, and the served image folders (group and topic files are in the groups module). */
export async function uploadsModule(app: FastifyInstance, { database, storage }: AppDeps): Promise<void> {
  const { db } = database;
  const deps: UploadDeps = { db, storage };
  const { groups } = endpoints;

  // Multipart parsing exists only inside this scope, for the upload route.
  await app.register(async (scope) => {
    await registerMultipart(scope);
    route(scope, groups.uploadImage, async ({ user, request }) =>
      uploadImage(deps, user, await receiveUpload(request)),
    );
  });

  route(app, groups.cropImage, ({ user, body }) => cropOwnImage(deps, user, body));

  // Shown images and crop originals: random, never rewritten names, so they are cached for a year.
  for (const folder of ['images', 'originals'] as const) {
    app.get<{ Params: { name: string } }>(
      `/uploads/${folder}/:name`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { name } = request.params;
        if (!storedImageName.test(name)) throw notFound('The image');
        const object = await storage.get(`${folder}/${name}`);
        if (!object) throw notFound('The image');
        return reply
          .type('image/webp')
          .header('content-length', object.size)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(object.body);
      },
    );
  }
}
