import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import type { GroupDeps } from '../groups';
import { createTopic, deleteTopic, getTopic, topicMembers, updateTopic } from './service';
import { acceptSuggestion, declineSuggestion, listSuggestions, suggestTopic } from './suggestions';

/** Topics and topic suggestions (topic files are in the uploads module). */
export async function topicsModule(app: FastifyInstance, { database, bus, storage }: AppDeps): Promise<void> {
  const { db } = database;
  const deps: GroupDeps = { db, bus, storage };
  const api = endpoints.topics;

  route(app, api.get, ({ user, params }) => getTopic(db, user, params.id));
  route(app, api.users, ({ user, params, query }) => topicMembers(db, user, params.id, query));
  route(app, api.create, ({ user, body }) => createTopic(db, user, body));
  route(app, api.update, ({ user, params, body }) => updateTopic(deps, user, params.id, body));
  route(app, api.remove, ({ user, params }) => deleteTopic(deps, user, params.id));

  route(app, api.suggestions, ({ user }) => listSuggestions(db, user));
  route(app, api.suggest, ({ user, body }) => suggestTopic(db, user, body));
  route(app, api.acceptSuggestion, ({ user, params }) => acceptSuggestion(deps, user, params.id));
  route(app, api.declineSuggestion, ({ user, params }) => declineSuggestion(deps, user, params.id));
}
