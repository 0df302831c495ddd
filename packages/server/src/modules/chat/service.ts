import {
  type ChatEvent,
  type ChatMessage,
  type ChatParticipant,
  type Conversation,
  type chatEndpoints,
  chatLimits,
} from '@plaza/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { runDetached } from '../../db/query-scope';
import type { EventBus } from '../../platform/bus';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { pushInBackground } from '../../platform/push';
import { chatTopic } from '../../platform/realtime';
import type { SessionUser } from '../../platform/request-context';
import { recordLocalisedActivities } from '../activities';
import type { StoredUpload, UploadDeps } from '../uploads';
import { storeAttachment } from './attachments';
import { presentConversation, presentMessage, presentParticipant } from './presenter';
import { type ConversationRow, chatRepo, type MessageWithSender } from './repo';

export interface ChatDeps extends UploadDeps {
  bus: EventBus;
  now: () => Date;
  /** Logs what fails after the answer (the events of a group conversation's members). */
  log: { error(details: object, message: string): void };
}

type CreateMessageBody = z.output<NonNullable<(typeof chatEndpoints)['create']['body']>>;

/** The conversation when the member takes part; for anyone else it does not exist. */
async function ownConversation(db: Db, user: SessionUser, id: number): Promise<ConversationRow> {
  const conversation = await chatRepo.conversationOf(db, id, user.id);
  if (!conversation) throw notFound('The conversation');
  return conversation;
}

/** Sends each participant their own view of an event (one bus message per member). */
async function publish(
  bus: EventBus,
  userIds: number[],
  event: (userId: number) => ChatEvent,
): Promise<void> {
  await Promise.all(userIds.map((userId) => bus.publish(chatTopic(userId), event(userId))));
}

/** The direct conversation of the caller and one other member: the existing one or a new one. */
export async function directConversation(deps: ChatDeps, user: SessionUser, otherId: number) {
  if (otherId === user.id) throw badRequest('A direct conversation needs another member.', 'user_ids');
  const [other] = await chatRepo.activeMembers(deps.db, [otherId]);
  if (!other) throw notFound('The member');
  const key = `${Math.min(user.id, other)}:${Math.max(user.id, other)}`;
  const existing = await chatRepo.directByKey(deps.db, key);
  if (existing) return { conversation_id: existing.id };
  const { conversation, created } = await chatRepo.create(
    deps.db,
    { type: 'direct', name: null, directKey: key, createdBy: user.id, at: deps.now() },
    [user.id, other],
  );
  if (created)
    await publish(deps.bus, [other], () => ({ kind: 'conversation', conversation_id: conversation.id }));
  return { conversation_id: conversation.id };
}

/** A named group conversation of the caller and the given members (those who exist and are active). */
export async function groupConversation(deps: ChatDeps, user: SessionUser, userIds: number[], name: string) {
  const members = await chatRepo.activeMembers(
    deps.db,
    userIds.filter((id) => id !== user.id),
  );
  if (members.length === 0) throw badRequest('Choose at least one other member.', 'user_ids');
  const { conversation } = await chatRepo.create(
    deps.db,
    { type: 'group', name, directKey: null, createdBy: user.id, at: deps.now() },
    [user.id, ...members],
  );
  await publish(deps.bus, members, () => ({ kind: 'conversation', conversation_id: conversation.id }));
  // The members' `chat_group` activities are written after the answer: a conversation of hundreds of
  // members should not keep its creator waiting. A failure is logged, and the conversation stands.
  const creator = `${user.firstname ?? ''} ${user.lastname ?? ''}`.trim();
  void runDetached(() =>
    recordLocalisedActivities(deps, {
      userIds: members,
      actorId: user.id,
      type: 'chat_group',
      textKey: 'chat_activities.group_added',
      vars: { name: creator, conversation: name },
      url: `/?chat=1&conversation_id=${conversation.id}`,
    }).catch((error: unknown) =>
      deps.log.error({ err: error, conversationId: conversation.id }, 'chat_group activities failed'),
    ),
  );
  return { conversation_id: conversation.id };
}

/**
 * A group conversation's name when its creator gives none: its members' first names in the order the
 * client listed them, as the web names a group.
 */
async function defaultGroupName(deps: ChatDeps, memberIds: number[]): Promise<string> {
  const shown = memberIds.slice(0, 10);
  const names = new Map((await chatRepo.firstNames(deps.db, shown)).map((m) => [m.id, m.firstname]));
  const listed = shown.map((id) => names.get(id) ?? '').filter((name) => name !== '');
  return listed.join(', ').slice(0, chatLimits.nameMaxLength) || '…';
}

/**
 * The conversation a message goes to: the one `message.recipient` names, or else the one of the members
 * `conversation.user_ids` names: the direct conversation with one other member (found or created), a new
 * group conversation with several.
 */
async function messageConversation(
  deps: ChatDeps,
  user: SessionUser,
  body: CreateMessageBody,
): Promise<ConversationRow> {
  const { recipient } = body.message;
  if (recipient !== undefined) return ownConversation(deps.db, user, recipient);
  if (!body.conversation) throw badRequest('Name the conversation or its members.', 'message.recipient');
  const { user_ids: userIds, name } = body.conversation;
  const others = [...new Set(userIds)].filter((id) => id !== user.id);
  const { conversation_id } =
    others.length === 1
      ? await directConversation(deps, user, others[0]!)
      : await groupConversation(deps, user, others, name ?? (await defaultGroupName(deps, others)));
  return ownConversation(deps.db, user, conversation_id);
}

/** The client id was taken by a message stored a moment before (a resend racing the first send). */
class ClientIdTaken extends Error {}

/**
 * Stores a message, then delivers it to every participant's connections on every instance. A client id
 * sent again answers the message stored the first time (nothing is stored or delivered twice); without
 * one, every call is a new message.
 */
export async function sendMessage(
  deps: ChatDeps,
  user: SessionUser,
  body: CreateMessageBody,
): Promise<ChatMessage> {
  const input = body.message;
  const clientId = input.client_id ?? null;
  if (input.recipient === undefined && clientId !== null) {
    // A resend of a message that named its members: answer the stored one, make no second conversation.
    const earlier = await chatRepo.messageByClientId(deps.db, user.id, clientId);
    if (earlier) return presentMessage(earlier, user.id, 0);
  }
  const conversation = await messageConversation(deps, user, body);
  const message = {
    conversationId: conversation.id,
    senderId: user.id,
    clientId,
    text: input.text,
  };
  const insert = async (attachment: StoredUpload | null) => {
    const inserted = await chatRepo.insertMessage(deps.db, message, attachment);
    if (inserted === undefined) throw new ClientIdTaken();
    return { ...inserted, attachment };
  };
  let stored: Awaited<ReturnType<typeof insert>>;
  try {
    // A stored attachment goes again when its message is not stored (storeAttachment sees to it).
    stored = input.attachment ? await storeAttachment(deps, input.attachment, insert) : await insert(null);
  } catch (error) {
    if (!(error instanceof ClientIdTaken) || clientId === null) throw error;
    // The client id was used before (a resend, or the same message racing this call): answer that one.
    const earlier = await chatRepo.messageByClientId(deps.db, user.id, clientId);
    return resentMessage(user, conversation, earlier!);
  }
  // The new message as stored, from what this call holds: nobody else has read it yet.
  const row: MessageWithSender = {
    id: stored.id,
    conversation_id: conversation.id,
    sender_id: user.id,
    client_id: clientId,
    text: input.text,
    created_at: stored.created_at,
    sender_firstname: user.firstname,
    sender_lastname: user.lastname,
    sender_img: user.img_path,
    attachments:
      stored.attachment && stored.attachment_id !== null
        ? [
            {
              id: stored.attachment_id,
              name: stored.attachment.name,
              type: stored.attachment.mime_type,
              size: stored.attachment.size,
            },
          ]
        : [],
    read_by: [],
  };
  const participantIds = await chatRepo.participantIds(deps.db, conversation.id);
  // A new message is unread for everyone but its sender.
  await publish(deps.bus, participantIds, (userId) => ({
    kind: 'message',
    message: presentMessage(row, userId, 0),
  }));
  const sent = presentMessage(row, user.id, 0);
  // The participants away from the app get a web push (one notification per conversation).
  pushInBackground(deps.db, {
    userIds: participantIds.filter((id) => id !== user.id),
    payload: {
      title:
        conversation.type === 'group' ? `${sent.sender.name} · ${conversation.name ?? ''}` : sent.sender.name,
      body: sent.text ? sent.text.slice(0, 200) : sent.attachments.map((file) => file.name).join(', '),
      url: `/?chat=1&conversation_id=${conversation.id}`,
      tag: `conversation-${conversation.id}`,
    },
    now: deps.now(),
  });
  return sent;
}

function resentMessage(
  user: SessionUser,
  conversation: ConversationRow,
  row: MessageWithSender,
): ChatMessage {
  if (row.conversation_id !== conversation.id) {
    throw new AppError(
      409,
      'conflict',
      'This client id was used for a message to another conversation.',
      'client_id',
    );
  }
  return presentMessage(row, user.id, 0);
}

/** Moves the caller's read mark to the newest message (or `messageId`); the others see the receipt. */
export async function markAsRead(
  deps: ChatDeps,
  user: SessionUser,
  conversationId: number,
  messageId?: number,
): Promise<{ unread: number }> {
  const conversation = await ownConversation(deps.db, user, conversationId);
  const target = Math.min(messageId ?? Number.MAX_SAFE_INTEGER, conversation.last_message_id ?? 0);
  if (target > 0) {
    const mark = await chatRepo.markRead(deps.db, conversation.id, user.id, target);
    const others = (await chatRepo.participantIds(deps.db, conversation.id)).filter((id) => id !== user.id);
    await publish(deps.bus, [user.id, ...others], () => ({
      kind: 'read',
      conversation_id: conversation.id,
      user_id: user.id,
      message_id: mark,
    }));
  }
  return unreadTotal(deps.db, user);
}

/** Tells the other participants that the caller is typing (nothing is stored). */
export async function typing(
  deps: ChatDeps,
  user: SessionUser,
  conversationId: number,
): Promise<{ success: true }> {
  const conversation = await ownConversation(deps.db, user, conversationId);
  const others = (await chatRepo.participantIds(deps.db, conversation.id)).filter((id) => id !== user.id);
  const name = `${user.firstname ?? ''} ${user.lastname ?? ''}`.trim();
  await publish(deps.bus, others, () => ({
    kind: 'typing',
    conversation_id: conversation.id,
    user: { id: user.id, name },
  }));
  return { success: true };
}

/** The caller's unread messages over all conversations (each counted up to the cap). */
export async function unreadTotal(db: Db, user: SessionUser): Promise<{ unread: number }> {
  const counts = await chatRepo.unreadCounts(db, user.id, chatLimits.unreadCountMax);
  let unread = 0;
  for (const count of counts.values()) unread += count;
  return { unread };
}

/** The caller's conversations as the list shows them: a page of them, or the one `only` (if a participant). */
async function conversationViews(
  deps: ChatDeps,
  user: SessionUser,
  which: Parameters<typeof chatRepo.conversationViews>[2],
): Promise<{ conversation: Conversation; viewerMark: number; cursor: string }[]> {
  const views = await chatRepo.conversationViews(deps.db, user.id, which, {
    participants: chatLimits.participantsShown,
    unreadCap: chatLimits.unreadCountMax,
  });
  const now = deps.now();
  return views.map((view) => ({
    conversation: presentConversation(view, { viewerId: user.id, now }),
    viewerMark: view.viewer_mark,
    cursor: `${view.position}-${view.id}`,
  }));
}

/** A page of the caller's conversations, latest message first; `before` is the previous page's `next`. */
export async function listConversations(deps: ChatDeps, user: SessionUser, before?: string) {
  const [position, id] = before?.split('-') ?? [];
  const after = position && id ? { position, id: Number(id) } : null;
  const limit = chatLimits.conversationsPageSize;
  const views = await conversationViews(deps, user, { after, limit: limit + 1 });
  const page = views.slice(0, limit);
  return {
    results: page.map((view) => view.conversation),
    next: views.length > limit ? (page[page.length - 1]?.cursor ?? null) : null,
  };
}

/**
 * A conversation's messages, oldest first: the newest page; or older ones `before` an id; or, after a
 * reconnect, the ones `after` the newest id the client has (then `has_more` says to ask again).
 */
export async function history(
  deps: ChatDeps,
  user: SessionUser,
  query: { recipient: number; before?: number; after?: number },
) {
  if (query.before && query.after)
    throw badRequest('Ask for messages before or after an id, not both.', 'after');
  const limit = chatLimits.historyPageSize;
  // Both at once: the messages are only answered when the caller takes part in the conversation.
  const [[view], rows] = await Promise.all([
    conversationViews(deps, user, { only: query.recipient }),
    chatRepo.history(deps.db, query.recipient, query, limit + 1),
  ]);
  if (!view) throw notFound('The conversation');
  const page = rows.slice(0, limit);
  if (!query.after) page.reverse();
  return {
    conversation: view!.conversation,
    results: page.map((row) => presentMessage(row, user.id, view!.viewerMark)),
    has_more: rows.length > limit,
  };
}

/** Members to start a conversation with, by the start of their first or last name. */
export async function searchChatMembers(
  deps: ChatDeps,
  user: SessionUser,
  search: string,
): Promise<{ results: ChatParticipant[] }> {
  const rows = await chatRepo.searchMembers(deps.db, user.id, search, chatLimits.userSearchMax);
  const now = deps.now();
  return { results: rows.map((row) => presentParticipant(row, now)) };
}
