import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { editComment, listComments, listLikes, removeComment, setLike, writeComment } from './service';

/** Comments and likes on news articles and posts. */
export async function reactionsModule(app: FastifyInstance, { database, bus }: AppDeps): Promise<void> {
  const deps = { db: database.db, bus };
  const { comments, likes } = endpoints;
  route(app, comments.list, ({ user, query }) => listComments(deps, user, query));
  route(app, comments.write, ({ user, body }) => writeComment(deps, user, body));
  route(app, comments.update, ({ user, params, body }) => editComment(deps, user, params.id, body));
  route(app, comments.remove, ({ user, params }) => removeComment(deps, user, params.id));
  route(app, likes.list, ({ user, query }) => listLikes(deps, user, query));
  route(app, likes.set, ({ user, body }) => setLike(deps, user, body));
}
