import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { addChannel } from '../../platform/realtime';
import { route } from '../../platform/route';
import { onGroupRemoving } from '../groups';
import { receiveUpload, registerMultipart, sendDownload } from '../uploads';
import type { PostDeps } from './deps';
import { openPostFile, removePostFile, uploadPostFile } from './files';
import { postPreviewFetcher } from './link-preview';
import { groupPostOptions, postAuthors, postOptions } from './options';
import { createPost, editPost, removePost, removePostsOfGroup } from './service';
import { readablePost } from './stream';
import { streamChannel } from './stream-channel';

/** Posts: writing and deleting, their files, and the choices of the post form. */
export async function postsModule(app: FastifyInstance, appDeps: AppDeps): Promise<void> {
  const { db } = appDeps.database;
  const deps: PostDeps = {
    db,
    bus: appDeps.bus,
    storage: appDeps.storage,
    fetchPreview: postPreviewFetcher(appDeps),
  };
  const { posts } = endpoints;
  onGroupRemoving(removePostsOfGroup);
  addChannel(app, streamChannel(deps));

  // Multipart parsing exists only inside this scope, for the upload route.
  await app.register(async (scope) => {
    await registerMultipart(scope);
    route(scope, posts.uploadFile, async ({ user, request }) =>
      uploadPostFile(deps, user, await receiveUpload(request)),
    );
  });

  route(app, posts.create, ({ user, body }) => createPost(deps, user, body));
  route(app, posts.get, ({ user, params }) => readablePost(db, user, params.id));
  route(app, posts.update, ({ user, params, body }) => editPost(deps, user, params.id, body));
  route(app, posts.remove, ({ user, params }) => removePost(deps, user, params.id));
  route(app, posts.removeFile, ({ user, params }) => removePostFile(deps, user, params.id));
  route(app, posts.downloadFile, async ({ user, params, reply }) =>
    sendDownload(reply, await openPostFile(deps, user, params.id)),
  );
  route(app, posts.authors, ({ user, query }) => postAuthors(db, user, query));
  route(app, posts.options, ({ user }) => postOptions(db, user));
  route(app, posts.groupOptions, ({ user, params }) => groupPostOptions(db, user, params.id));
}
