import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../platform/request-context';
import { route } from '../../platform/route';
import {
  cropGroupImage,
  type FilePlace,
  type FileScope,
  listFiles,
  openDownload,
  receiveUpload,
  registerMultipart,
  removeFile,
  sendDownload,
  type UploadDeps,
  uploadFile,
} from '../uploads';
import {
  type GroupAccess,
  loadGroupAccess,
  loadTopicAccess,
  requireGroupPermission,
  requireGroupRead,
  type TopicAccess,
} from './access';
import { groupPage } from './groups-service';

/** Where a group's own files live, as the viewer may use them; 403 when its content is closed to them. */
export function groupFilePlace(access: GroupAccess): FilePlace {
  requireGroupRead(access);
  return {
    scope: { groupId: access.group.id, topicId: null },
    mayDeleteAll: access.permissions.includes('delete'),
    mayPost: access.permissions.includes('post_content'),
  };
}

/** Where a topic's files live, as the viewer may use them. */
export function topicFilePlace(access: TopicAccess): FilePlace {
  return {
    scope: { groupId: access.topic.group_id, topicId: access.topic.id },
    mayDeleteAll: access.permissions.includes('delete'),
    mayPost: access.permissions.includes('post_content'),
  };
}

/** The viewer may read the group (and topic) a file belongs to; otherwise "not found" or 403. */
async function requireFileRead(db: Db, user: SessionUser, scope: FileScope): Promise<void> {
  if (scope.topicId === null) requireGroupRead(await loadGroupAccess(db, scope.groupId, user));
  else await loadTopicAccess(db, scope.topicId, user);
}

/**
 * The group and topic files and the group image crop: the groups module decides who may, the uploads
 * module stores (uploads is below groups).
 */
export async function groupFilesRoutes(app: FastifyInstance, deps: UploadDeps): Promise<void> {
  const { db } = deps;
  const { groups, topics, uploads } = endpoints;

  // Multipart parsing exists only inside this scope, for the two upload routes.
  await app.register(async (scope) => {
    await registerMultipart(scope);
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

  route(app, groups.cropGroupImage, async ({ params, user, body }) => {
    const access = await loadGroupAccess(db, params.id, user);
    requireGroupPermission(access, 'edit');
    await cropGroupImage(deps, access.group.image_id, body.coordinates);
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
    sendDownload(reply, await openDownload(deps, params.id, (scope) => requireFileRead(db, user, scope))),
  );
}
