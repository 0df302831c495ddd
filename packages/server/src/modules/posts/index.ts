// The public entry of the posts module: what the app and other modules may use. Everything else in this folder is private to it.
export type { PostDeps } from './deps';
export { removeUnclaimedPostFiles } from './files';
export { notifyAboutPost } from './notify';
export { personName } from './presenter';
export { postsModule } from './routes';
export { postRowsByIds, removePostsIn } from './service';
export {
  type PostStreamJson,
  postPage,
  postPageRead,
  postRowOfJson,
  presentPostRows,
  readablePost,
} from './stream';
export { postStreamSql } from './stream-sql';
export { readablePosts, readerOf } from './visibility-sql';
