import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idSchema, idValueSchema } from './entities';
import { idListParam } from './list-param';
import { plainTextField, text } from './text';

/**
 * The chat (spec 2 "Chat overlay", 3 "Conversation" and "Attachment", 4 and 5 "Chat", 7 "Users and
 * chat"). A conversation is `direct` (two members, one conversation per pair) or `group` (named, any
 * number of members). Only participants read, write or see a conversation.
 *
 * A message is stored, then published on the ChatChannel of every participant (every instance, through
 * the bus). Sending is idempotent: the client chooses `client_id`, and sending it again answers the
 * message already stored. A client that reconnects asks `history` for messages `after` the last id it
 * has, so nothing is lost and nothing is shown twice (messages are told apart by `id`).
 */
export const conversationTypes = ['direct', 'group'] as const;

export const chatLimits = {
  /** A message's text (plain text). */
  textMaxLength: 5_000,
  /** A group conversation's name. */
  nameMaxLength: 100,
  /** Members of a new group conversation (besides the creator). */
  groupMaxMembers: 500,
  /** An attachment's bytes (sent as a data URL, so the call's body is about 4/3 of it). */
  attachmentMaxBytes: 10 * 1024 * 1024,
  attachmentNameMaxLength: 200,
  historyPageSize: 30,
  conversationsPageSize: 20,
  /** Unread messages counted per conversation at most (the badge shows "99+"). */
  unreadCountMax: 99,
  /** Participants a conversation answer lists at most (a group of hundreds is counted, not listed). */
  participantsShown: 8,
  /** Members the new-message search answers at most. */
  userSearchMax: 20,
} as const;

/** Attachment types accepted in chat, found in the content (not the name or the claimed type). */
export const chatAttachmentTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'application/pdf',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/zip',
] as const;

export const chatParticipantSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  img_path: z.string().nullable(),
  online: z.boolean(),
  /** ISO 8601, or null when never seen. */
  latest_activity: z.string().nullable(),
});
export type ChatParticipant = z.infer<typeof chatParticipantSchema>;

/** An attachment as readers get it (spec 3 "Attachment": type, name, link). */
export const chatAttachmentSchema = z.object({
  id: z.number().int(),
  /** MIME type found in the content. */
  type: z.string(),
  name: z.string(),
  size: z.number().int(),
  /** Downloads it, for participants only. */
  link: z.string(),
});

export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  /** The id the sending client chose (idempotent sending), null for others' messages. */
  client_id: z.string().nullable(),
  sender: z.object({ id: z.number().int().nullable(), name: z.string(), image: z.string().nullable() }),
  /** Plain text, shown as text. */
  text: z.string(),
  attachments: z.array(chatAttachmentSchema),
  /** ISO 8601. */
  time: z.string(),
  /** Not yet read by the caller (never for their own messages). */
  unread: z.boolean(),
  /** Participants other than the sender who have read it (read receipts). */
  read_by: z.array(z.number().int()),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({
  id: z.number().int(),
  type: z.enum(conversationTypes),
  /** The group conversation's name; null for a direct one. */
  group: z.object({ name: z.string() }).nullable(),
  /**
   * The caller first, then others by id: all of a direct conversation's, at most
   * `chatLimits.participantsShown` of a group's (`participant_count` tells how many there are).
   */
  participants: z.array(chatParticipantSchema),
  participant_count: z.number().int(),
  last_message: chatMessageSchema.nullable(),
  /** The caller's unread messages in it, at most `chatLimits.unreadCountMax` (then "99+"). */
  new_messages: z.number().int(),
  /** ISO 8601. */
  created: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** An attachment sent with a message: its bytes as a data URL, checked by content on the server. */
export const chatAttachmentInputSchema = z.strictObject({
  /** The type the browser claims; the server believes the content. */
  type: text().max(200),
  name: plainTextField(chatLimits.attachmentNameMaxLength),
  /** `data:<type>;base64,<bytes>`. */
  content: text()
    .max(Math.ceil((chatLimits.attachmentMaxBytes * 4) / 3) + 300)
    .regex(/^data:[\w.+-]+\/[\w.+-]+;base64,[A-Za-z0-9+/]+=*$/, 'a base64 data URL'),
});

/**
 * The members of a conversation the client has no id for (spec 7: `conversation {user_ids}`): one other
 * member is the direct conversation with them (found or created); several make a group conversation,
 * named `name` or by its members' first names.
 */
export const conversationMembersSchema = z.strictObject({
  user_ids: z.array(idValueSchema).min(1).max(chatLimits.groupMaxMembers),
  name: plainTextField(chatLimits.nameMaxLength).optional(),
});

export const createMessageSchema = z
  .strictObject({
    message: z
      .strictObject({
        /** The conversation; without it, `conversation.user_ids` names who the message goes to. */
        recipient: idValueSchema.optional(),
        text: text().trim().max(chatLimits.textMaxLength).default(''),
        attachment: chatAttachmentInputSchema.optional(),
        /** Chosen by the client, unique per sender: sending again answers the stored message. */
        client_id: text()
          .regex(/^[A-Za-z0-9_-]{8,64}$/, 'letters, digits, - and _ (8 to 64)')
          .optional(),
      })
      .refine((message) => message.text !== '' || message.attachment, {
        message: 'An empty message without an attachment is not sent.',
        path: ['text'],
      }),
    conversation: conversationMembersSchema.optional(),
  })
  .refine((body) => body.message.recipient !== undefined || body.conversation !== undefined, {
    message: 'Name the conversation (message.recipient) or its members (conversation.user_ids).',
    path: ['message', 'recipient'],
  });

/** What the ChatChannel delivers to a participant. */
export const chatEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('message'), message: chatMessageSchema }),
  /** `user_id` has read the conversation up to `message_id`. */
  z.object({
    kind: z.literal('read'),
    conversation_id: z.number().int(),
    user_id: z.number().int(),
    message_id: z.number().int(),
  }),
  z.object({
    kind: z.literal('typing'),
    conversation_id: z.number().int(),
    user: z.object({ id: z.number().int(), name: z.string() }),
  }),
  /** A conversation the member was added to. */
  z.object({ kind: z.literal('conversation'), conversation_id: z.number().int() }),
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;

/** The new group conversation's members and name: spec 7's `conversation {user_ids, name}`, or flat. */
const channelConversationQuery = z
  .object({
    conversation: z
      .strictObject({
        user_ids: idListParam(chatLimits.groupMaxMembers),
        name: plainTextField(chatLimits.nameMaxLength),
      })
      .optional(),
    user_ids: idListParam(chatLimits.groupMaxMembers).optional(),
    name: plainTextField(chatLimits.nameMaxLength).optional(),
  })
  .transform((query, ctx) => {
    const userIds = query.conversation?.user_ids ?? query.user_ids;
    const name = query.conversation?.name ?? query.name;
    for (const [field, value] of [
      ['user_ids', userIds],
      ['name', name],
    ] as const) {
      if (value === undefined)
        ctx.addIssue({ code: 'custom', message: 'Required', path: ['conversation', field] });
    }
    if (userIds === undefined || name === undefined) return z.NEVER;
    return { user_ids: userIds, name };
  });

const tags = ['chat'];
const recipientQuery = z.object({ recipient: idSchema });
export const chatEndpoints = {
  unread: defineEndpoint({
    method: 'GET',
    path: '/api/v2/messages/unread',
    summary: "The caller's unread messages over all conversations (capped per conversation)",
    tags,
    access: 'user',
    response: z.object({ unread: z.number().int() }),
  }),
  newChannelConversation: defineEndpoint({
    method: 'GET',
    path: '/api/v2/messages/new_channel_conversation',
    summary:
      'Create a named group conversation with the caller and the members `conversation[user_ids][]` (or flat `user_ids`), named `conversation[name]` (or `name`)',
    tags,
    access: 'user',
    query: channelConversationQuery,
    response: z.object({ conversation_id: z.number().int() }),
  }),
  newDirectConversation: defineEndpoint({
    method: 'GET',
    path: '/api/v2/messages/new_direct_message_conversation',
    summary: 'The direct conversation with `user_ids` (one member): the existing one, or a new one',
    tags,
    access: 'user',
    query: z.object({ user_ids: idListParam(1) }),
    response: z.object({ conversation_id: z.number().int() }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v2/messages/create',
    summary: 'Send a message (text and/or one attachment) to a conversation; idempotent by client_id',
    tags,
    access: { allow: ['owner'], object: 'conversation' },
    body: createMessageSchema,
    response: chatMessageSchema,
    bodyLimit: Math.ceil((chatLimits.attachmentMaxBytes * 4) / 3) + 64 * 1024,
  }),
  markAsRead: defineEndpoint({
    method: 'POST',
    path: '/api/v2/messages/mark_as_read',
    summary: 'Mark a conversation read up to its newest message (or `message_id`)',
    tags,
    access: { allow: ['owner'], object: 'conversation' },
    body: z.strictObject({ recipient: idValueSchema, message_id: idValueSchema.optional() }),
    response: z.object({ unread: z.number().int() }),
  }),
  typing: defineEndpoint({
    method: 'POST',
    path: '/api/v2/messages/typing',
    summary: 'Tell the other participants that the caller is typing',
    tags,
    access: { allow: ['owner'], object: 'conversation' },
    body: z.strictObject({ recipient: idValueSchema }),
    response: z.object({ success: z.literal(true) }),
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/api/v2/messages/history',
    summary:
      "A conversation's messages, oldest first: the newest page, or those `before` an id (older), or `after` an id (missed while away)",
    tags,
    access: { allow: ['owner'], object: 'conversation' },
    query: recipientQuery.extend({ before: idSchema.optional(), after: idSchema.optional() }),
    response: z.object({
      conversation: conversationSchema,
      results: z.array(chatMessageSchema),
      has_more: z.boolean(),
    }),
  }),
  conversations: defineEndpoint({
    method: 'GET',
    path: '/api/v2/messages/conversations',
    summary: "The caller's conversations, latest message first; `before` is the previous answer's `next`",
    tags,
    access: 'user',
    query: z.object({
      before: text()
        .regex(/^\d{1,16}-\d{1,10}$/)
        .optional(),
    }),
    response: z.object({ results: z.array(conversationSchema), next: z.string().nullable() }),
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/api/v2/messages/users',
    summary: 'Members to start a conversation with, by name',
    tags,
    access: 'user',
    query: z.object({ search: text().trim().max(100).default('') }),
    response: z.object({ results: z.array(chatParticipantSchema) }),
  }),
  attachment: defineEndpoint({
    method: 'GET',
    path: '/api/v2/messages/attachments/:id',
    summary: "Download a message's attachment (participants only)",
    tags,
    access: { allow: ['owner'], object: 'chatAttachment' },
    params: z.object({ id: idSchema }),
    response: z.unknown(),
  }),
};
