import { type DataExportState, dataExportLimits } from '@plaza/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { inlineCount } from '../../db/inline-count';
import { dataExports, users } from '../../db/schema';

export type DataExportRow = typeof dataExports.$inferSelect;

/** One row of an exported kind: its keyset key, its JSON, and the stored file it names (file kinds). */
export interface ExportedRow {
  key: number;
  data: Record<string, unknown>;
  path?: string | null;
}

/** The members a data export talks about: the asker (mail, language) and the member. */
export interface ExportPerson {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  username: string;
  selected_language: string;
  permissions: string[];
}

/**
 * The kinds of a member's data, each a query of one keyset page: rows with a key above `after`, at
 * most `limit`, in key order; `m` is the member. Each walks an index led by the member's column.
 */
const kindQueries: Record<string, (m: number, after: number, limit: number) => SQL> = {
  follows: (m, after, limit) => sql`
    select f.followed_id as key, jsonb_build_object('member_id', f.followed_id,
      'name', btrim(u.firstname || ' ' || u.lastname), 'since', f.created_at) as data
    from user_follows f join users u on u.id = f.followed_id
    where f.follower_id = ${m} and f.followed_id > ${after} order by f.followed_id limit ${inlineCount(limit)}`,
  posts: (m, after, limit) => sql`
    select p.id as key, to_jsonb(p) - 'search_vector' as data from posts p
    where p.author_id = ${m} and p.id > ${after} order by p.id limit ${inlineCount(limit)}`,
  comments: (m, after, limit) => sql`
    select c.id as key, to_jsonb(c) as data from comments c
    where c.author_id = ${m} and c.id > ${after} order by c.id limit ${inlineCount(limit)}`,
  likes: (m, after, limit) => sql`
    select l.id as key, to_jsonb(l) as data from likes l
    where l.user_id = ${m} and l.id > ${after} order by l.id limit ${inlineCount(limit)}`,
  conversations: (m, after, limit) => sql`
    select c.id as key, jsonb_build_object('id', c.id, 'type', c.type, 'name', c.name,
      'joined_at', p.joined_at, 'participants', (
        select coalesce(jsonb_agg(jsonb_build_object('member_id', u.id,
          'name', btrim(u.firstname || ' ' || u.lastname)) order by u.id), '[]'::jsonb)
        from conversation_participants o join users u on u.id = o.user_id
        where o.conversation_id = c.id)) as data
    from conversation_participants p join conversations c on c.id = p.conversation_id
    where p.user_id = ${m} and p.conversation_id > ${after} order by p.conversation_id limit ${inlineCount(limit)}`,
  chat_messages: (m, after, limit) => sql`
    select x.id as key, jsonb_build_object('id', x.id, 'conversation_id', x.conversation_id, 'text', x.text,
      'created_at', x.created_at, 'attachments', (
        select coalesce(jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name, 'mime_type', a.mime_type,
          'size', a.size) order by a.id), '[]'::jsonb)
        from chat_attachments a where a.message_id = x.id)) as data
    from chat_messages x
    where x.sender_id = ${m} and x.id > ${after} order by x.id limit ${inlineCount(limit)}`,
  orders: (m, after, limit) => sql`
    select o.id as key, (to_jsonb(o) - 'provider_session_id' - 'user_id') || jsonb_build_object('items', (
        select coalesce(jsonb_agg(to_jsonb(i) - 'order_id' order by i.position), '[]'::jsonb)
        from order_items i where i.order_id = o.id)) as data
    from orders o where o.user_id = ${m} and o.id > ${after} order by o.id limit ${inlineCount(limit)}`,
  subscriptions: (m, after, limit) => sql`
    select s.id as key, to_jsonb(s) - 'user_id' as data from subscriptions s
    where s.user_id = ${m} and s.id > ${after} order by s.id limit ${inlineCount(limit)}`,
  // Their own reviews only; nothing names or counts other reviewers.
  reviews: (m, after, limit) => sql`
    select r.id as key, jsonb_build_object('id', r.id, 'location', l.name, 'year', r.year,
      'overall', r.overall, 'recommend', r.recommend, 'comment', r.comment, 'created_at', r.created_at,
      'updated_at', r.updated_at, 'scores', (
        select coalesce(jsonb_agg(jsonb_build_object('category', c.label_de, 'category_en', c.label_en, 'score', s.score) order by c.id), '[]'::jsonb)
        from review_scores s join rating_categories c on c.id = s.category_id where s.review_id = r.id)) as data
    from location_reviews r join locations l on l.id = r.location_id
    where r.user_id = ${m} and r.id > ${after} order by r.id limit ${inlineCount(limit)}`,
  notifications: (m, after, limit) => sql`
    select a.id as key, to_jsonb(a) - 'user_id' as data from activities a
    where a.user_id = ${m} and a.id > ${after} order by a.id limit ${inlineCount(limit)}`,
  groups: (m, after, limit) => sql`
    select g.id as key, jsonb_build_object('group_id', g.group_id, 'group', gr.name, 'role', g.role,
      'status', g.status, 'created_at', g.created_at) as data
    from group_memberships g join groups gr on gr.id = g.group_id
    where g.user_id = ${m} and g.id > ${after} order by g.id limit ${inlineCount(limit)}`,
  post_files: (m, after, limit) => sql`
    select f.id as key, jsonb_build_object('id', f.id, 'post_id', f.post_id, 'name', f.name,
      'mime_type', f.mime_type, 'size', f.size, 'created_at', f.created_at) as data, f.path
    from post_files f where f.uploader_id = ${m} and f.id > ${after} order by f.id limit ${inlineCount(limit)}`,
  group_files: (m, after, limit) => sql`
    select f.id as key, jsonb_build_object('id', f.id, 'group_id', f.group_id, 'topic_id', f.topic_id,
      'name', f.name, 'mime_type', f.mime_type, 'size', f.size, 'created_at', f.created_at) as data, f.path
    from files f where f.uploader_id = ${m} and f.id > ${after} order by f.id limit ${inlineCount(limit)}`,
  chat_files: (m, after, limit) => sql`
    select a.id as key, jsonb_build_object('id', a.id, 'message_id', a.message_id, 'name', a.name,
      'mime_type', a.mime_type, 'size', a.size) as data, a.path
    from chat_messages x join chat_attachments a on a.message_id = x.id
    where x.sender_id = ${m} and a.id > ${after} order by a.id limit ${inlineCount(limit)}`,
  images: (m, after, limit) => sql`
    select i.id as key, jsonb_build_object('id', i.id, 'width', i.width, 'height', i.height,
      'created_at', i.created_at) as data, i.path
    from images i where i.owner_id = ${m} and i.id > ${after} order by i.id limit ${inlineCount(limit)}`,
};

export type ExportKind = keyof typeof kindQueries;
/** The kinds whose rows name a stored file, written into the zip's `files/` folder. */
export const fileKinds: readonly ExportKind[] = ['post_files', 'group_files', 'chat_files', 'images'];
/** The kinds written as JSON lists, in this order. */
export const listKinds: readonly ExportKind[] = Object.keys(kindQueries).filter(
  (kind) => !fileKinds.includes(kind),
);

export const privacyRepo = {
  /** One keyset page of a kind of the member's data. */
  async page(db: Db, kind: ExportKind, memberId: number, after: number): Promise<ExportedRow[]> {
    const query = kindQueries[kind];
    if (!query) throw new Error(`Unknown export kind ${kind}`);
    return executeRows<ExportedRow>(db, query(memberId, after, dataExportLimits.batchRows));
  },

  /** The account and its small private tables (a handful of rows each), as one object. */
  async profile(db: Db, memberId: number): Promise<Record<string, unknown> | undefined> {
    const [row] = await executeRows<{ data: Record<string, unknown> }>(
      db,
      sql`select (to_jsonb(u) - 'password_hash' - 'search_vector') || jsonb_build_object(
          'addresses', (select coalesce(jsonb_agg(to_jsonb(a) - 'user_id'), '[]'::jsonb)
            from user_addresses a where a.user_id = u.id),
          'children', (select coalesce(jsonb_agg(to_jsonb(c) - 'user_id'), '[]'::jsonb)
            from user_children c where c.user_id = u.id),
          'custom_fields', (select coalesce(jsonb_agg(jsonb_build_object('field', f.key, 'values', v.values)), '[]'::jsonb)
            from user_profile_field_values v join profile_fields f on f.id = v.field_id where v.user_id = u.id),
          'preferences', (select coalesce(jsonb_object_agg(p.key, p.value), '{}'::jsonb)
            from user_preferences p where p.user_id = u.id),
          'cart', (select coalesce(jsonb_agg(to_jsonb(i) - 'user_id'), '[]'::jsonb)
            from cart_items i where i.user_id = u.id)) as data
        from users u where u.id = ${memberId}`,
    );
    return row?.data;
  },

  async person(db: Db, id: number): Promise<ExportPerson | undefined> {
    const [row] = await db
      .select({
        id: users.id,
        email: users.email,
        firstname: users.firstname,
        lastname: users.lastname,
        username: users.username,
        selected_language: users.selected_language,
        permissions: users.permissions,
      })
      .from(users)
      .where(eq(users.id, id));
    return row;
  },

  /** The asker's open (requested or running) export of the member, if any. */
  async open(db: Db, requestedBy: number, memberId: number): Promise<DataExportRow | undefined> {
    const [row] = await db
      .select()
      .from(dataExports)
      .where(
        and(
          eq(dataExports.requested_by, requestedBy),
          eq(dataExports.member_id, memberId),
          sql`${dataExports.state} in ('requested', 'running')`,
        ),
      )
      .orderBy(desc(dataExports.id))
      .limit(1);
    return row;
  },

  async insert(db: Db, requestedBy: number, memberId: number): Promise<DataExportRow> {
    const [row] = await db
      .insert(dataExports)
      .values({ requested_by: requestedBy, member_id: memberId })
      .returning();
    return row!;
  },

  /** The asker's latest export of the member. */
  async latest(db: Db, requestedBy: number, memberId: number): Promise<DataExportRow | undefined> {
    const [row] = await db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.requested_by, requestedBy), eq(dataExports.member_id, memberId)))
      .orderBy(desc(dataExports.id))
      .limit(1);
    return row;
  },

  async byId(db: Db, id: number): Promise<DataExportRow | undefined> {
    const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
    return row;
  },

  /**
   * Claims the oldest requested export (or a running one whose instance has been at it longer than
   * `staleMinutes`): `for update skip locked`, so two instances never take the same one.
   */
  async claim(db: Db, now: Date): Promise<DataExportRow | undefined> {
    const stale = new Date(now.getTime() - dataExportLimits.staleMinutes * 60_000);
    const [row] = await executeRows<{ id: number }>(
      db,
      sql`update data_exports set state = 'running', started_at = ${now.toISOString()}
        where id = (
          select id from data_exports
          where state = 'requested' or (state = 'running' and started_at < ${stale.toISOString()})
          order by id limit 1 for update skip locked)
        returning id`,
    );
    return row ? this.byId(db, row.id) : undefined;
  },

  /** Marks a running export done: ready with its zip, or failed. False when the row is gone meanwhile. */
  async finish(
    db: Db,
    id: number,
    outcome: { state: Extract<DataExportState, 'ready' | 'failed'>; path?: string; size?: number },
    now: Date,
  ): Promise<boolean> {
    const ready = outcome.state === 'ready';
    const rows = await db
      .update(dataExports)
      .set({
        state: outcome.state,
        path: outcome.path ?? null,
        size: outcome.size ?? null,
        ready_at: ready ? now : null,
        expires_at: ready ? new Date(now.getTime() + dataExportLimits.expiryDays * 86_400_000) : null,
      })
      .where(and(eq(dataExports.id, id), eq(dataExports.state, 'running')))
      .returning({ id: dataExports.id });
    return rows.length > 0;
  },

  /** Ready exports past their end, at most `limit`: marked expired, their zips' paths returned. */
  async expire(db: Db, now: Date, limit: number): Promise<string[]> {
    const rows = await executeRows<{ path: string | null }>(
      db,
      sql`with due as (
          select id, path from data_exports where state = 'ready' and expires_at <= ${now.toISOString()}
          order by expires_at limit ${inlineCount(limit)} for update skip locked)
        update data_exports d set state = 'expired', path = null from due where d.id = due.id
        returning due.path`,
    );
    return rows.flatMap((row) => (row.path ? [row.path] : []));
  },

  /**
   * Removes what a member's account deletion takes beyond the cascades (contract `personal-data.ts`):
   * the posts they authored with their comments, likes and files, the group files they uploaded, the
   * attachments of their chat messages (the messages stay without a sender), and the data exports of
   * them or asked by them. Returns the stored paths to delete once the transaction has committed.
   */
  async eraseContent(db: Db, memberId: number): Promise<string[]> {
    const authored = sql`(select id from posts where author_id = ${memberId})`;
    await db.execute(sql`delete from comments where target_type = 'post' and target_id in ${authored}`);
    await db.execute(sql`delete from likes where target_type = 'post' and target_id in ${authored}`);
    const paths = await executeRows<{ path: string | null }>(
      db,
      sql`with post_paths as (
          delete from post_files where post_id in ${authored} or uploader_id = ${memberId} returning path),
        group_paths as (delete from files where uploader_id = ${memberId} returning path),
        chat_paths as (
          delete from chat_attachments a using chat_messages x
          where a.message_id = x.id and x.sender_id = ${memberId} returning a.path),
        export_paths as (
          delete from data_exports where member_id = ${memberId} or requested_by = ${memberId} returning path)
        select path from post_paths union all select path from group_paths
        union all select path from chat_paths union all select path from export_paths`,
    );
    await db.execute(sql`delete from posts where author_id = ${memberId}`);
    return paths.flatMap((row) => (row.path ? [row.path] : []));
  },
};
