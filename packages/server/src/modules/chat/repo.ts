import { and, asc, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { anyId } from '../../db/any-id';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { inlineCount } from '../../db/inline-count';
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
  client_id: string | null;
  text: string;
  created_at: Date;
  sender_firstname: string | null;
  sender_lastname: string | null;
  sender_img: string | null;
  attachments: { id: number; name: string; type: string; size: number }[];
  /** Participants other than the sender whose read mark reached it. */
  read_by: number[];
};

/** A conversation as the list shows it (`chatRepo.conversationViews`). */
export type ConversationView = ConversationRow & {
  viewer_mark: number;
  /** Where it stands in the list: its last message's time in microseconds (the cursor). */
  position: string;
  /** The viewer first, then others by id. */
  participants: ParticipantRow[];
  last_message: MessageWithSender | null;
  unread: number;
};

type ConversationViewRow = Omit<ConversationView, 'created_at' | 'last_message_at'> & {
  created_at: string | Date;
  last_message_at: string | Date;
};

/**
 * The member's conversations found by their primary key: joined to the member's participant rows
 * alone, PostgreSQL would scan every conversation to hash them.
 */
function memberConversation(userId: number) {
  return sql`${conversations.id} = any(array(select ${conversationParticipants.conversation_id} from ${conversationParticipants} where ${conversationParticipants.user_id} = ${userId}))`;
}

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
      .where(and(anyId(users.id, ids), isNull(users.deactivated_at)));
    return rows.map((row) => row.id);
  },
  /** The first names of these members. */
  async firstNames(db: Db, ids: number[]): Promise<{ id: number; firstname: string }[]> {
    if (ids.length === 0) return [];
    return db.select({ id: users.id, firstname: users.firstname }).from(users).where(anyId(users.id, ids));
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
   * Stores a message (with its attachment), makes it the conversation's latest and the sender's own
   * message read by the sender, in one statement; undefined when the client id was used already (a
   * resend). Marks only move forward, whichever of two concurrent messages commits last.
   */
  async insertMessage(
    db: Db,
    values: { conversationId: number; senderId: number; clientId: string | null; text: string },
    attachment: Omit<typeof chatAttachments.$inferInsert, 'message_id'> | null,
  ): Promise<{ id: number; created_at: Date; attachment_id: number | null } | undefined> {
    const [row] = await executeRows<{ id: number; created_at: Date | string; attachment_id: number | null }>(
      db,
      sql`with m as (
          insert into ${chatMessages} (conversation_id, sender_id, client_id, text)
          values (${values.conversationId}, ${values.senderId}, ${values.clientId}, ${values.text})
          on conflict do nothing
          returning id, created_at),
        a as (
          insert into ${chatAttachments} (message_id, name, mime_type, size, path)
          select m.id, ${attachment?.name ?? null}::text, ${attachment?.mime_type ?? null}::text,
            ${attachment?.size ?? null}::int, ${attachment?.path ?? null}::text
          from m where ${attachment?.path ?? null}::text is not null
          returning id),
        c as (
          update ${conversations} set last_message_id = greatest(coalesce(last_message_id, 0), m.id),
            last_message_at = greatest(last_message_at, m.created_at)
          from m where ${conversations.id} = ${values.conversationId}),
        p as (
          update ${conversationParticipants} set last_read_message_id = greatest(last_read_message_id, m.id)
          from m where ${conversationParticipants.conversation_id} = ${values.conversationId}
            and ${conversationParticipants.user_id} = ${values.senderId})
        select m.id, m.created_at, (select id from a) as attachment_id from m`,
    );
    return row && { ...row, created_at: new Date(row.created_at) };
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
      .limit(inlineCount(limit));
  },
  /**
   * The member's conversations as the list shows them, in one statement: a page of them, latest message
   * first, after the cursor `(position, id)` (or the one conversation `only`, when the member takes part in
   * it), each with the member's read mark, the member and up to
   * `participants - 1` others by id (a group of hundreds is never read whole), its last message, and the
   * member's unread messages in it counted up to `unreadCap`.
   */
  async conversationViews(
    db: Db,
    viewerId: number,
    which: { only: number } | { after: { position: string; id: number } | null; limit: number },
    limits: { participants: number; unreadCap: number },
  ): Promise<ConversationView[]> {
    // The time of the last message in microseconds, exact (a Date would round it to milliseconds).
    const position = sql`floor(extract(epoch from ${conversations.last_message_at}) * 1000000)::bigint`;
    const page =
      'only' in which
        ? sql`${conversations.id} = ${which.only}`
        : which.after
          ? sql`(${position}, ${conversations.id}) < (${which.after.position}::bigint, ${which.after.id})`
          : sql`true`;
    const rows = await executeRows<ConversationViewRow>(
      db,
      sql`
      with page as (
        select ${conversations}.*, p.last_read_message_id as viewer_mark, ${position}::text as position
        from ${conversationParticipants} p join ${conversations} on ${conversations.id} = p.conversation_id
        where p.user_id = ${viewerId} and ${page}
          and ${memberConversation(viewerId)}
        order by ${conversations.last_message_at} desc, ${conversations.id} desc
        limit ${inlineCount('only' in which ? 1 : which.limit)}
      )
      select page.*,
        (select json_agg(json_build_object('conversation_id', page.id, 'last_read_message_id', v.last_read_message_id,
            'id', u.id, 'firstname', u.firstname, 'lastname', u.lastname, 'img_path', u.img_path,
            'last_seen_at', u.last_seen_at) order by v.user_id <> ${viewerId}, v.user_id)
          from (
            (select q.user_id, q.last_read_message_id from ${conversationParticipants} q
             where q.conversation_id = page.id and q.user_id = ${viewerId})
            union all
            (select q.user_id, q.last_read_message_id from ${conversationParticipants} q
             where q.conversation_id = page.id and q.user_id <> ${viewerId}
             order by q.user_id limit ${inlineCount(limits.participants - 1)})
          ) v join ${users} u on u.id = v.user_id) as participants,
        (select json_build_object('id', ${chatMessages.id}, 'conversation_id', ${chatMessages.conversation_id},
            'sender_id', ${chatMessages.sender_id}, 'client_id', ${chatMessages.client_id}, 'text', ${chatMessages.text},
            'created_at', ${chatMessages.created_at}, 'sender_firstname', ${users.firstname},
            'sender_lastname', ${users.lastname}, 'sender_img', ${users.img_path},
            'read_by', ${messageFields.read_by}, 'attachments', ${messageFields.attachments})
          from ${chatMessages} left join ${users} on ${users.id} = ${chatMessages.sender_id}
          where ${chatMessages.id} = page.last_message_id) as last_message,
        (select count(*)::int from (select 1 from ${chatMessages} m where m.conversation_id = page.id
            and m.id > page.viewer_mark and m.sender_id is distinct from ${viewerId} limit ${inlineCount(limits.unreadCap)}) capped) as unread
      from page
      order by page.last_message_at desc, page.id desc`,
    );
    return rows.map((row) => ({
      ...row,
      created_at: new Date(row.created_at),
      last_message_at: new Date(row.last_message_at),
      participants: (row.participants ?? []).map((participant) => ({
        ...participant,
        last_seen_at: participant.last_seen_at === null ? null : new Date(participant.last_seen_at),
      })),
    }));
  },
  /**
   * The member's unread messages per conversation (others' messages after their read mark), each count
   * stopping at `cap`.
   */
  async unreadCounts(db: Db, userId: number, cap: number): Promise<Map<number, number>> {
    const rows = await db
      .select({
        conversation_id: conversationParticipants.conversation_id,
        unread: sql<number>`(select count(*)::int from (select 1 from ${chatMessages} m where m.conversation_id = ${conversationParticipants.conversation_id} and m.id > ${conversationParticipants.last_read_message_id} and m.sender_id is distinct from ${userId} limit ${inlineCount(cap)}) capped)`,
      })
      .from(conversationParticipants)
      .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversation_id))
      .where(
        and(
          eq(conversationParticipants.user_id, userId),
          // Only conversations with something new: their latest message is past the read mark.
          sql`${conversations.last_message_id} > ${conversationParticipants.last_read_message_id}`,
          memberConversation(userId),
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
  /**
   * Members to start a conversation with: active, not the caller, by name prefix; by name whatever the
   * case, the order of `users_name_idx`, which gives the first of 10,000 members without sorting them all.
   */
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
          // A registration not confirmed yet is nobody to write to.
          eq(users.email_confirmed, true),
          search
            ? or(sql`${users.firstname} ilike ${pattern}`, sql`${users.lastname} ilike ${pattern}`)
            : undefined,
        ),
      )
      .orderBy(asc(sql`lower(${users.lastname})`), asc(sql`lower(${users.firstname})`), asc(users.id))
      .limit(inlineCount(limit));
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
