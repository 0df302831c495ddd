import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { inlineCount } from '../../db/inline-count';
import { jsonObject } from '../../db/json-object';
import { groups, likes, postFiles, postMentions, posts, topics, users } from '../../db/schema';
import { administeredGroupIds, type PostReader, readablePosts } from './visibility-sql';

/** A file as a post's row in a stream carries it. */
export type StreamFile = Pick<typeof postFiles.$inferSelect, 'id' | 'name' | 'mime_type' | 'size'>;
/** A mentioned member as a post's row in a stream carries them. */
export type StreamMention = { id: number; firstname: string; lastname: string };

/** The author of a post in a stream's joins. */
export const streamAuthor = alias(users, 'post_author');

/** The values of the stream queries, filled in when a prepared query runs (`db/prepared-query.ts`). */
export const streamValues = {
  viewer: sql.placeholder('viewer'),
  group: sql.placeholder('group'),
  topic: sql.placeholder('topic'),
  ids: sql.placeholder('ids'),
};

/** The fields of a post as streams show it, for one viewer (0 for "every member"). */
export function streamFields(viewerId: number | Placeholder) {
  return {
    id: posts.id,
    author_id: posts.author_id,
    written_by: posts.written_by,
    group_id: posts.group_id,
    topic_id: posts.topic_id,
    description: posts.description,
    preview: posts.preview,
    created_at: posts.created_at,
    // Only an edit of the text moves updated_at (postsRepo.updateText); created and updated match before.
    updated_at: posts.updated_at,
    author_firstname: streamAuthor.firstname,
    author_lastname: streamAuthor.lastname,
    author_img: streamAuthor.img_path,
    group_name: groups.name,
    topic_name: topics.name,
    likes_count: posts.like_count,
    comments_count: posts.comment_count,
    // The post's files and mentioned members come with its row (two JSON sub-selects by index), not
    // from two more queries per page, and only when its counters say it has some (most posts have none).
    files: sql<
      StreamFile[]
    >`case when ${posts.file_count} > 0 then coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'mime_type', f.mime_type, 'size', f.size) order by f.id) from ${postFiles} f where f.post_id = ${posts.id}), '[]'::json) else '[]'::json end`,
    mentions: sql<
      StreamMention[]
    >`case when ${posts.mention_count} > 0 then coalesce((select json_agg(json_build_object('id', mu.id, 'firstname', mu.firstname, 'lastname', mu.lastname) order by mu.lastname, mu.firstname) from ${postMentions} m join ${users} mu on mu.id = m.user_id where m.post_id = ${posts.id}), '[]'::json) else '[]'::json end`,
    // Nobody liked a post without likes; only the others are looked up for the viewer.
    liked_by_me: sql<boolean>`case when ${posts.like_count} > 0 then exists (select 1 from ${likes} where ${likes.target_type} = 'post' and ${likes.target_id} = ${posts.id} and ${likes.user_id} = ${viewerId}) else false end`,
    // The viewer's admin groups are read once per statement, not looked up per post: a group's admins
    // are found by group, so a per-row check walked them all.
    viewer_is_group_admin: sql<boolean>`coalesce(${posts.group_id} = any(${administeredGroupIds(viewerId)}), false)`,
  };
}

/**
 * A reader as a prepared query holds it: its kind is part of the query's shape, its id a value
 * (0 for "every member").
 */
export function preparedReader(reader: PostReader) {
  if (reader === 'every_member') return { shape: 'all', reader, viewer: 0 };
  return {
    shape: reader.superadmin ? 'super' : 'member',
    reader: { id: streamValues.viewer, superadmin: reader.superadmin },
    viewer: reader.id,
  };
}

/**
 * The post stream's parts as SQL, for a statement of another module that merges posts with its own
 * rows in one round trip (the news stream's later pages): the reader's kind (part of that statement's
 * shape), the newest posts the reader may see as `(kind, id, at)` rows and one post's stream row as
 * JSON (`postRowOfJson` reads it back). The statement's `viewer` placeholder is the reader's id.
 */
export function postStreamSql(reader: PostReader) {
  const prepared = preparedReader(reader);
  const readable = readablePosts(prepared.reader);
  return {
    shape: prepared.shape,
    /** `('post', id, created_at)` of the newest `limit` readable posts, newest first, by index. */
    newestEntries: (limit: number): SQL =>
      sql`select 'post'::text as kind, ${posts.id} as id, ${posts.created_at} as at from ${posts}
        ${readable ? sql`where ${readable}` : sql``}
        order by ${posts.created_at} desc, ${posts.id} desc limit ${inlineCount(limit)}`,
    /**
     * Post `id` (SQL of the enclosing statement) as JSON keyed as a stream row, joined as the stream
     * joins, for the viewer of the placeholder `viewer` unless another is given.
     */
    rowJson: (id: SQL, viewer: Placeholder = streamValues.viewer): SQL =>
      sql`(select ${jsonObject(streamFields(viewer))} from posts
        left join users post_author on post_author.id = posts.author_id
        left join groups on groups.id = posts.group_id
        left join topics on topics.id = posts.topic_id
        where posts.id = ${id})`,
  };
}
