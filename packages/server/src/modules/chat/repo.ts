import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  chatAttachments,
  chatMessages,
  conversationParticipants,
  conversations,
  users,
} from '../../db/schema';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type AttachmentRow = typeof chatAttachments.$inferSelect;

export type ParticipantRow = {
  conversation_id: number;
  last_read_message_id: number;
  id: number;
  firstname: string | null;
  lastname: string | null;
  img_path: string | null;
  last_seen_at: Date | null;
};

const messageFields = {
  id: chatMessages.id,
  conversation_id: chatMessages.conversation_id,
  sender_id: chatMessages.sender_id,
  client_id: chatMessages.client_id,
  text: chatMessages.text,
  created_at: chatMessages.created_at,
  sender_firstname: users.firstname,
  sender_lastname: users.lastname,
  sender_img: users.img_path,
  read_by: sql<
    number[]
  >`array(select ${conversationParticipants.user_id} from ${conversationParticipants} where ${conversationParticipants.conversation_id} = ${chatMessages.conversation_id} and ${conversationParticipants.user_id} is distinct from ${chatMessages.sender_id} and ${conversationParticipants.last_read_message_id} >= ${chatMessages.id} order by ${conversationParticipants.user_id})`,
  attachments: sql<
    { id: number; name: string; type: string; size: number }[]
  >`(select coalesce(json_agg(json_build_object('id', ${chatAttachments.id}, 'name', ${chatAttachments.name}, 'type', ${chatAttachments.mime_type}, 'size', ${chatAttachments.size}) order by ${chatAttachments.id}), '[]'::json) from ${chatAttachments} where ${chatAttachments.message_id} = ${chatMessages.id})`,
};
export type MessageWithSender = {
  id: number;
  conversation_id: number;
  sender_id: number | null;
  client_id: string;
  text: string;
  created_at: Date;
  sender_firstname: string | null;
  sender_lastname: string | null;
  sender_img: string | null;
  attachments: { id: number; name: string; type: string; size: number }[];
  /** Participants other than the sender whose read mark reached it. */
  read_by: number[];
};

function selectMessages(db: Db) {
  return db.select(messageFields).from(chatMessages).leftJoin(users, eq(users.id, chatMessages.sender_id));
}

/** Queries of the chat. */
export const chatRepo = {
  /** The conversation when `userId` takes part in it. */
  async conversationOf(db: Db, conversationId: number, userId: number): Promise<ConversationRow | undefined> {
    const [row] = await db
      .select({ conversation: conversations })
      .from(conversations)
      .innerJoin(
        conversationParticipants,
        and(
          eq(conversationParticipants.conversation_id, conversations.id),
          eq(conversationParticipants.user_id, userId),
        ),
      )
      .where(eq(conversations.id, conversationId));
    return row?.conversation;
  },
  async directByKey(db: Db, key: string): Promise<ConversationRow | undefined> {
    const [row] = await db.select().from(conversations).where(eq(conversations.direct_key, key));
    return row;
  },
  /** Active (not deactivated) members among `ids`. */
  async activeMembers(db: Db, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), isNull(users.deactivated_at)));
    return rows.map((row) => row.id);
  },
  /**
   * Creates a conversation with its participants in one transaction. A direct conversation created at
   * the same moment by the other member is found by its key instead (the unique key decides).
   */
  async create(
    db: Db,
    values: {
      type: 'direct' | 'group';
      name: string | null;
      directKey: string | null;
      createdBy: number;
      at: Date;
    },
    memberIds: number[],
  ): Promise<{ conversation: ConversationRow; created: boolean }> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(conversations)
        .values({
          type: values.type,
          name: values.name,
          direct_key: values.directKey,
          created_by: values.createdBy,
          // Milliseconds, like the list's cursor (messages set it from their own time the same way).
          created_at: values.at,
          last_message_at: values.at,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        const existing = await chatRepo.directByKey(tx, values.directKey!);
        return { conversation: existing!, created: false };
      }
      await tx
        .insert(conversationParticipants)
        .values(memberIds.map((userId) => ({ conversation_id: row.id, user_id: userId })));
      return { conversation: row, created: true };
    });
  },
  /**
   * Up to `limit` participants of each conversation, the viewer first, then by id (a group of hundreds
   * is not read whole for a list), with each conversation's number of participants.
   */
  async participantsPreview(
    db: Db,
    conversationIds: number[],
    viewerId: number,
    limit: number,
  ): Promise<{ rows: ParticipantRow[]; counts: Map<number, number> }> {
    if (conversationIds.length === 0) return { rows: [], counts: new Map() };
    const ids = sql.param(conversationIds);
    const result = await db.execute<ParticipantRow & { total: number }>(sql`
      select c.id as conversation_id, p.last_read_message_id, u.id, u.firstname, u.lastname, u.img_path,
        u.last_seen_at, (select count(*)::int from ${conversationParticipants} n where n.conversation_id = c.id) as total
      from unnest(${ids}::int[]) as c(id)
      cross join lateral (
        select q.user_id, q.last_read_message_id from ${conversationParticipants} q
        where q.conversation_id = c.id
        order by q.user_id = ${viewerId} desc, q.user_id
        limit ${limit}
      ) p
      join ${users} u on u.id = p.user_id`);
    const rows =
      (result as unknown as { rows?: (ParticipantRow & { total: number })[] }).rows ??
      (result as unknown as (ParticipantRow & { total: number })[]);
    const counts = new Map<number, number>();
    for (const row of rows) counts.set(row.conversation_id, row.total);
    return {
      rows: rows.map((row) => ({
        ...row,
        last_seen_at: row.last_seen_at === null ? null : new Date(row.last_seen_at),
      })),
      counts,
    };
  },
  async participantIds(db: Db, conversationId: number): Promise<number[]> {
    const rows = await db
      .select({ id: conversationParticipants.user_id })
      .from(conversationParticipants)
      .where(eq(conversationParticipants.conversation_id, conversationId));
    return rows.map((row) => row.id);
  },
  /** The sender's message with this client id, when it was sent before. */
  async messageByClientId(
    db: Db,
    senderId: number,
    clientId: string,
  ): Promise<MessageWithSender | undefined> {
    const [row] = await selectMessages(db).where(
      and(eq(chatMessages.sender_id, senderId), eq(chatMessages.client_id, clientId)),
    );
    return row;
  },
  /**
   * Stores a message (with its attachment) and makes it the conversation's latest, and the sender's own
   * message read by the sender; undefined when the client id was used already (a resend).
   */
  async insertMessage(
    db: Db,
    values: { conversationId: number; senderId: number; clientId: string; text: string },
    attachment: Omit<typeof chatAttachments.$inferInsert, 'message_id'> | null,
  ): Promise<number | undefined> {
    return db.transaction(async (tx) => {
      const [message] = await tx
        .insert(chatMessages)
        .values({
          conversation_id: values.conversationId,
          sender_id: values.senderId,
          client_id: values.clientId,
          text: values.text,
        })
        .onConflictDoNothing()
        .returning({ id: chatMessages.id, created_at: chatMessages.created_at });
      if (!message) return undefined;
      if (attachment) await tx.insert(chatAttachments).values({ ...attachment, message_id: message.id });
      await tx
        .update(conversations)
        .set({ last_message_id: message.id, last_message_at: message.created_at })
        .where(eq(conversations.id, values.conversationId));
      await tx
        .update(conversationParticipants)
        .set({ last_read_message_id: message.id })
        .where(
          and(
            eq(conversationParticipants.conversation_id, values.conversationId),
            eq(conversationParticipants.user_id, values.senderId),
          ),
        );
      return message.id;
    });
  },
  async messagesByIds(db: Db, ids: number[]): Promise<MessageWithSender[]> {
    if (ids.length === 0) return [];
    return selectMessages(db).where(inArray(chatMessages.id, ids));
  },
  /**
   * A page of a conversation's messages by its index, newest first: the newest, or those before or after
   * an id. One more than `limit` tells whether more follow.
   */
  async history(
    db: Db,
    conversationId: number,
    range: { before?: number; after?: number },
    limit: number,
  ): Promise<MessageWithSender[]> {
    const where = and(
      eq(chatMessages.conversation_id, conversationId),
      range.before ? lt(chatMessages.id, range.before) : undefined,
      range.after ? gt(chatMessages.id, range.after) : undefined,
    );
    // Missed messages are read oldest first from `after`, the others newest first.
    return selectMessages(db)
      .where(where)
      .orderBy(range.after ? asc(chatMessages.id) : desc(chatMessages.id))
      .limit(limit);
  },
  /** The member's conversations, latest message first, after the cursor `(at, id)`. */
  async conversationsOf(
    db: Db,
    userId: number,
    cursor: { at: Date; id: number } | null,
    limit: number,
  ): Promise<(ConversationRow & { last_read_message_id: number })[]> {
    const after: SQL | undefined = cursor
      ? or(
          lt(conversations.last_message_at, cursor.at),
          and(eq(conversations.last_message_at, cursor.at), lt(conversations.id, cursor.id)),
        )
      : undefined;
    const rows = await db
      .select({
        conversation: conversations,
        last_read_message_id: conversationParticipants.last_read_message_id,
      })
      .from(conversationParticipants)
      .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversation_id))
      .where(and(eq(conversationParticipants.user_id, userId), after))
      .orderBy(desc(conversations.last_message_at), desc(conversations.id))
      .limit(limit);
    return rows.map((row) => ({ ...row.conversation, last_read_message_id: row.last_read_message_id }));
  },
  /**
   * The member's unread messages per conversation (others' messages after their read mark), each count
   * stopping at `cap`, for the conversations given.
   */
  async unreadCounts(
    db: Db,
    userId: number,
    conversationIds: number[] | 'all',
    cap: number,
  ): Promise<Map<number, number>> {
    if (conversationIds !== 'all' && conversationIds.length === 0) return new Map();
    const rows = await db
      .select({
        conversation_id: conversationParticipants.conversation_id,
        unread: sql<number>`(select count(*)::int from (select 1 from ${chatMessages} m where m.conversation_id = ${conversationParticipants.conversation_id} and m.id > ${conversationParticipants.last_read_message_id} and m.sender_id is distinct from ${userId} limit ${cap}) capped)`,
      })
      .from(conversationParticipants)
      .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversation_id))
      .where(
        and(
          eq(conversationParticipants.user_id, userId),
          // Only conversations with something new: their latest message is past the read mark.
          sql`${conversations.last_message_id} > ${conversationParticipants.last_read_message_id}`,
          conversationIds === 'all'
            ? undefined
            : inArray(conversationParticipants.conversation_id, conversationIds),
        ),
      );
    return new Map(rows.map((row) => [row.conversation_id, row.unread]));
  },
  /** Moves the member's read mark forward to `messageId` (never back); returns the mark. */
  async markRead(db: Db, conversationId: number, userId: number, messageId: number): Promise<number> {
    const [row] = await db
      .update(conversationParticipants)
      .set({
        last_read_message_id: sql`greatest(${conversationParticipants.last_read_message_id}, ${messageId})`,
      })
      .where(
        and(
          eq(conversationParticipants.conversation_id, conversationId),
          eq(conversationParticipants.user_id, userId),
        ),
      )
      .returning({ mark: conversationParticipants.last_read_message_id });
    return row?.mark ?? 0;
  },
  /** Members to start a conversation with: active, not the caller, by name prefix. */
  async searchMembers(db: Db, callerId: number, search: string, limit: number) {
    const pattern = `${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return db
      .select({
        id: users.id,
        firstname: users.firstname,
        lastname: users.lastname,
        img_path: users.img_path,
        last_seen_at: users.last_seen_at,
      })
      .from(users)
      .where(
        and(
          ne(users.id, callerId),
          isNull(users.deactivated_at),
          search
            ? or(sql`${users.firstname} ilike ${pattern}`, sql`${users.lastname} ilike ${pattern}`)
            : undefined,
        ),
      )
      .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id))
      .limit(limit);
  },
  async attachment(db: Db, id: number) {
    const [row] = await db
      .select({ attachment: chatAttachments, conversation_id: chatMessages.conversation_id })
      .from(chatAttachments)
      .innerJoin(chatMessages, eq(chatMessages.id, chatAttachments.message_id))
      .where(eq(chatAttachments.id, id));
    return row;
  },
};
