import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { systemClock } from '../../platform/clock';
import { route } from '../../platform/route';
import { auditOrigin } from '../audit';
import { receiveUpload, registerMultipart, sendDownload, type UploadDeps } from '../uploads';
import {
  assignPage,
  createDraftPage,
  deletePage,
  listAdminPages,
  publishPage,
  readAdminPage,
  saveDraft,
  unpublishPage,
  uploadPageFile,
  uploadPageImage,
} from './admin-service';
import { legalPages, openPageFile, readPage, readPreview } from './service';

/**
 * CMS pages: reading is public (legal pages open before sign-in and before the terms are accepted; a
 * members' page comes limited to a visitor), managing them is for superadmins.
 */
export async function pagesModule(
  app: FastifyInstance,
  { database, clock, storage }: AppDeps,
): Promise<void> {
  const { db } = database;
  const now = clock ?? systemClock;
  const deps: UploadDeps = { db, storage };
  const { pages } = endpoints;
  const reading = (
    user: Parameters<typeof readPage>[1]['viewer'],
    locale: Parameters<typeof readPage>[1]['locale'],
  ) => ({
    viewer: user,
    locale,
    now: now(),
  });

  route(app, pages.get, ({ params, user, request }) =>
    readPage(db, { id: params.id, ...reading(user, request.locale) }),
  );
  route(app, pages.preview, ({ params, user, request }) =>
    readPreview(db, { previewId: params.id, ...reading(user, request.locale) }),
  );
  route(app, pages.legal, ({ user, request }) => legalPages(db, reading(user, request.locale)));
  route(app, pages.file, async ({ params, user, request, reply }) =>
    sendDownload(
      reply,
      await openPageFile(deps, {
        pageId: params.id,
        fileId: params.fileId,
        ...reading(user, request.locale),
      }),
    ),
  );

  route(app, pages.adminList, ({ user, query, request }) => listAdminPages(db, user, query, request.locale));
  route(app, pages.adminCreate, ({ user, body, request }) =>
    createDraftPage(db, user, body, auditOrigin(request)),
  );
  route(app, pages.adminGet, ({ user, params }) => readAdminPage(db, user, params.id));
  route(app, pages.adminSave, ({ user, params, body, request }) =>
    saveDraft(db, user, params.id, body, auditOrigin(request)),
  );
  route(app, pages.adminPublish, ({ user, params, request }) =>
    publishPage(db, user, params.id, now(), auditOrigin(request)),
  );
  route(app, pages.adminUnpublish, ({ user, params, request }) =>
    unpublishPage(db, user, params.id, auditOrigin(request)),
  );
  route(app, pages.adminAssign, ({ user, params, body, request }) =>
    assignPage(db, user, params.id, body.keys, auditOrigin(request)),
  );
  route(app, pages.adminDelete, ({ user, params, request }) =>
    deletePage(deps, user, params.id, auditOrigin(request)),
  );

  // Multipart parsing exists only inside this scope, for the upload routes.
  await app.register(async (scope) => {
    await registerMultipart(scope);
    route(scope, pages.adminUploadImage, ({ user, params, request }) =>
      uploadPageImage(deps, user, params.id, () => receiveUpload(request)),
    );
    route(scope, pages.adminUploadFile, ({ user, params, request }) =>
      uploadPageFile(deps, user, params.id, () => receiveUpload(request)),
    );
  });
}
