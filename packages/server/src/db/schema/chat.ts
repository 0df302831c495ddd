import { conversationTypes } from '@plaza/contract';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks';
import { users } from './users';

/**
 * A chat conversation: `direct` (two members; `direct_key` "<smaller id>:<larger id>" keeps it one per
 * pair) or `group` (named). `last_message_at` orders the conversation lists.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type', { enum: conversationTypes }).notNull(),
    name: text('name'),
    direct_key: text('direct_key').unique(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_message_at: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    last_message_id: integer('last_message_id'),
    /** Kept by a trigger on the participants (migration 0016), as the list shows it. */
    participant_count: integer('participant_count').notNull().default(0),
  },
  (t) => [check('conversations_type_check', oneOf(t.type, conversationTypes))],
);

/** A member of a conversation and how far they have read it (read receipts, unread counts). */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversation_id: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    last_read_message_id: integer('last_read_message_id').notNull().default(0),
    joined_at: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversation_id, t.user_id] }),
    index('conversation_participants_user_idx').on(t.user_id, t.conversation_id),
  ],
);

/** A chat message; `client_id` (unique per sender, when the client sends one) makes sending idempotent. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversation_id: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    sender_id: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    client_id: text('client_id'),
    text: text('text').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The sender too, so that counting a member's unread messages (others' messages after the read
    // mark) reads the index alone, not each message's row.
    index('chat_messages_conversation_idx').on(t.conversation_id, t.id, t.sender_id),
    uniqueIndex('chat_messages_sender_client_idx').on(t.sender_id, t.client_id),
    // A member's own messages by id: their data export, and the sender cleared at their deletion.
    index('chat_messages_sender_id_idx').on(t.sender_id, t.id),
  ],
);

/** A message's attachment, stored under DATA_DIR/uploads with a random name. */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    message_id: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mime_type: text('mime_type').notNull(),
    size: integer('size').notNull(),
    path: text('path').notNull(),
  },
  (t) => [index('chat_attachments_message_idx').on(t.message_id)],
);
