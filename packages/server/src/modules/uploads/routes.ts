import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { notFound } from '../../platform/errors';
import { route } from '../../platform/route';
import { loadGroupAccess, loadTopicAccess } from '../groups/access';
import { groupPage } from '../groups/groups-service';
import { sendDownload } from './download';
import {
  groupFilePlace,
  listFiles,
  openDownload,
  removeFile,
  topicFilePlace,
  uploadFile,
} from './files-service';
import { cropGroupImage, cropOwnImage, type UploadDeps, uploadImage } from './images-service';
import { receiveUpload, registerMultipart } from './multipart';
import { resolveStoredPath } from './storage';

/** Stored image names: random hex, WebP. Anything else is not an image of ours. */
const storedImageName = /^[0-9a-f]{32}\.webp$/;

/** Group and topic files, group and topic images, downloads, and the served image folders. */
export async function uploadsModule(app: FastifyInstance, { database, config }: AppDeps): Promise<void> {
  const { db } = database;
  const deps: UploadDeps = { db, dataDir: config.dataDir };
  const { groups, topics, uploads } = endpoints;

  // Multipart parsing exists only inside this scope, for the three upload routes.
  await app.register(async (scope) => {
    await registerMultipart(scope);
    route(scope, groups.uploadImage, async ({ user, request }) =>
      uploadImage(deps, user, await receiveUpload(request)),
    );
    route(scope, groups.uploadFile, async ({ params, user, request }) =>
      uploadFile(deps, groupFilePlace(await loadGroupAccess(db, params.id, user)), user, () =>
        receiveUpload(request),
      ),
    );
    route(scope, topics.uploadFile, async ({ params, user, request }) =>
      uploadFile(deps, topicFilePlace(await loadTopicAccess(db, params.id, user)), user, () =>
        receiveUpload(request),
      ),
    );
  });

  route(app, groups.cropImage, ({ user, body }) => cropOwnImage(deps, user, body));
  route(app, groups.cropGroupImage, async ({ params, user, body }) => {
    const access = await loadGroupAccess(db, params.id, user);
    await cropGroupImage(deps, access, body.coordinates);
    return groupPage(db, user, access);
  });

  route(app, groups.files, async ({ params, user, query }) =>
    listFiles(db, groupFilePlace(await loadGroupAccess(db, params.id, user)), user, query),
  );
  route(app, groups.removeFile, async ({ params, user }) =>
    removeFile(deps, groupFilePlace(await loadGroupAccess(db, params.id, user)), user, params.fileId),
  );
  route(app, topics.files, async ({ params, user, query }) =>
    listFiles(db, topicFilePlace(await loadTopicAccess(db, params.id, user)), user, query),
  );
  route(app, topics.removeFile, async ({ params, user }) =>
    removeFile(deps, topicFilePlace(await loadTopicAccess(db, params.id, user)), user, params.fileId),
  );

  route(app, uploads.download, async ({ params, user, reply }) =>
    sendDownload(reply, await openDownload(deps, user, params.id)),
  );

  // Shown images and crop originals: random, never rewritten names, so they are cached for a year.
  for (const folder of ['images', 'originals'] as const) {
    app.get<{ Params: { name: string } }>(
      `/uploads/${folder}/:name`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { name } = request.params;
        if (!storedImageName.test(name)) throw notFound('The image');
        const absolute = resolveStoredPath(config.dataDir, `${folder}/${name}`);
        const info = await stat(absolute).catch(() => null);
        if (!info?.isFile()) throw notFound('The image');
        return reply
          .type('image/webp')
          .header('content-length', info.size)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(createReadStream(absolute));
      },
    );
  }
}
