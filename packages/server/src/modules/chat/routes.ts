import { endpoints } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { systemClock } from '../../platform/clock';
import { route } from '../../platform/route';
import { sendDownload } from '../uploads';
import { openAttachment } from './attachments';
import {
  type ChatDeps,
  directConversation,
  groupConversation,
  history,
  listConversations,
  markAsRead,
  searchChatMembers,
  sendMessage,
  typing,
  unreadTotal,
} from './service';

/** The chat's calls; deliveries go out on each participant's ChatChannel (platform/realtime). */
export async function chatModule(
  app: FastifyInstance,
  { database, bus, clock, storage }: AppDeps,
): Promise<void> {
  const { db } = database;
  const deps: ChatDeps = { db, storage, bus, now: clock ?? systemClock, log: app.log };
  const { chat } = endpoints;

  route(app, chat.unread, ({ user }) => unreadTotal(db, user));
  route(app, chat.newDirectConversation, ({ user, query }) =>
    directConversation(deps, user, query.user_ids[0]!),
  );
  route(app, chat.newChannelConversation, ({ user, query }) =>
    groupConversation(deps, user, query.user_ids, query.name),
  );
  route(app, chat.create, ({ user, body }) => sendMessage(deps, user, body));
  route(app, chat.markAsRead, ({ user, body }) => markAsRead(deps, user, body.recipient, body.message_id));
  route(app, chat.typing, ({ user, body }) => typing(deps, user, body.recipient));
  route(app, chat.history, ({ user, query }) => history(deps, user, query));
  route(app, chat.conversations, ({ user, query }) => listConversations(deps, user, query.before));
  route(app, chat.users, ({ user, query }) => searchChatMembers(deps, user, query.search));
  route(app, chat.attachment, async ({ user, params, reply }) =>
    sendDownload(reply, await openAttachment(deps, user.id, params.id)),
  );
}
