import {
  type Locale,
  type PageDraft,
  pageTypes,
  pageVisibilities,
  reactionTargetTypes,
  type StoredPageModule,
} from '@plaza/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks';
import { groups, topics } from './groups';
import { images } from './uploads';
import { tsvector, users } from './users';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Likes and comments of a reaction target, kept by database triggers on `likes` and `comments` (migration
 * 0007) in the transaction that adds or removes one, whichever path does it (a cascade included), so
 * streams read two columns instead of counting per row.
 */
const reactionCounts = {
  like_count: integer('like_count').notNull().default(0),
  comment_count: integer('comment_count').notNull().default(0),
};

/** A category of CMS pages (the news stream's category filter); `names` holds a name per locale. */
export const pageCategories = pgTable('page_categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  key: text('key').notNull().unique(),
  names: jsonb('names').$type<Record<string, string>>().notNull(),
});

/**
 * A CMS page: `page` (built from `modules`), `article` (news articles) or `legal` (the pages of the
 * settings' pages map). `visibility` is `all` (public) or `members`; `featured` articles fill the top
 * teaser. Readers see the published columns while `published` is set; the page editor saves `draft`
 * and publishing copies it over. `preview_id` (random) opens the draft at `/previews/{id}`.
 */
export const pages = pgTable(
  'pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type', { enum: pageTypes }).notNull().default('article'),
    title: text('title').notNull(),
    teaser: text('teaser').notNull().default(''),
    /** Sanitised HTML. */
    content: text('content').notNull().default(''),
    publish_date: timestamp('publish_date', { withTimezone: true }).notNull().defaultNow(),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Shown instead of the author member's name when set (an editorial team, say). */
    author_name: text('author_name'),
    image_id: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    category_id: integer('category_id').references(() => pageCategories.id, { onDelete: 'set null' }),
    visibility: text('visibility', { enum: pageVisibilities }).notNull().default('members'),
    comments_allowed: boolean('comments_allowed').notNull().default(true),
    likes_allowed: boolean('likes_allowed').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    published: boolean('published').notNull().default(true),
    /** When the page was first published: an unpublished page that never was is a draft. */
    first_published_at: timestamp('first_published_at', { withTimezone: true }).defaultNow(),
    /** Validated and sanitised modules (contract `pageModuleInputSchema`), in order. */
    modules: jsonb('modules').$type<StoredPageModule[]>().notNull().default([]),
    share_options: jsonb('share_options').$type<PageDraft['share_options']>(),
    /** The editor's unpublished version, or null when it equals the published one. */
    draft: jsonb('draft').$type<PageDraft & { modules: StoredPageModule[] }>(),
    // Random per page (md5 of a random number): the address of its preview cannot be guessed.
    preview_id: text('preview_id').notNull().unique().default(sql`md5(random()::text)`),
    /** Title and content in languages other than the one they were written in, by locale. */
    translations: jsonb('translations')
      .$type<Partial<Record<Locale, { title: string; content: string }>>>()
      .notNull()
      .default({}),
    /** The search document (migration 0012: kept by a trigger; the search module's search-sql.ts). */
    search_vector: tsvector('search_vector'),
    ...reactionCounts,
    ...timestamps,
  },
  (t) => [
    index('pages_search_idx').using('gin', t.search_vector),
    // Pages of a type by date (the news stream's articles newest first): with the id (the tie-breaker) and
    // whether published, a walk of the newest articles is read from the index alone.
    index('pages_type_publish_id_idx').on(t.type, t.publish_date, t.id, t.published),
    // The featured articles of the news page's top teaser: a few among all pages, whose rows are wide.
    index('pages_featured_publish_idx').on(t.publish_date).where(sql`${t.featured}`),
    // The news filter's categories (one probe each) and a category's articles, newest first.
    index('pages_category_publish_idx').on(t.category_id, t.publish_date),
    check('pages_visibility_check', oneOf(t.visibility, pageVisibilities)),
    check('pages_type_check', oneOf(t.type, pageTypes)),
  ],
);

/** An image uploaded for a page (a gallery, the share card): kept while the page is (housekeeping). */
export const pageImages = pgTable(
  'page_images',
  {
    page_id: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    image_id: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.page_id, t.image_id] }), index('page_images_image_idx').on(t.image_id)],
);

/** A file of a page's downloads module or an article's attachment; removed with its page. */
export const pageFiles = pgTable(
  'page_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    page_id: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    uploader_id: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    mime_type: text('mime_type').notNull(),
    size: integer('size').notNull(),
    /** Relative to DATA_DIR/uploads; a random name. */
    path: text('path').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_files_page_idx').on(t.page_id)],
);

/**
 * A member's post. `author_id` is the author shown, `written_by` who wrote it (they differ when posting
 * as a chosen author). No group means a post for every member (when the settings allow it).
 */
export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    written_by: integer('written_by').references(() => users.id, { onDelete: 'set null' }),
    group_id: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    topic_id: integer('topic_id').references(() => topics.id, { onDelete: 'cascade' }),
    /** Sanitised HTML. */
    description: text('description').notNull(),
    /** The link preview as the server fetched it (contract `linkPreviewSchema`), or null. */
    preview: jsonb('preview').$type<{
      url: string;
      title: string | null;
      description: string | null;
      image: string | null;
      image_url: string | null;
      video_url: string | null;
    }>(),
    /** The search document (migration 0012: kept by a trigger; the search module's search-sql.ts). */
    search_vector: tsvector('search_vector'),
    ...reactionCounts,
    /**
     * The post's files and mentioned members, kept by triggers (migration 0033): a stream reads a post's
     * files and mentions only when it has some, and most posts have none.
     */
    file_count: integer('file_count').notNull().default(0),
    mention_count: integer('mention_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('posts_search_idx').using('gin', t.search_vector).with({ fastupdate: false }),
    // Streams walk posts newest first with the id as tie-breaker; the group and topic streams by their own
    // index. Each holds what its walk tests and returns, so a page's ids come from the index alone (no
    // sort of equal dates, no visit of every skipped post's row): the news stream's walk tests the group.
    index('posts_created_id_group_idx').on(t.created_at, t.id, t.group_id),
    index('posts_group_created_id_idx').on(t.group_id, t.created_at, t.id),
    index('posts_topic_created_id_idx').on(t.topic_id, t.created_at, t.id),
    // A member's posts: their data export walks them by id, and their deletion removes them.
    index('posts_author_id_idx').on(t.author_id, t.id),
  ],
);

/** A file uploaded for a post: unclaimed (`post_id` null) until the post that lists it is created. */
export const postFiles = pgTable(
  'post_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    post_id: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    uploader_id: integer('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mime_type: text('mime_type').notNull(),
    size: integer('size').notNull(),
    /** Relative to DATA_DIR/uploads; a random name. */
    path: text('path').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('post_files_post_idx').on(t.post_id), index('post_files_uploader_idx').on(t.uploader_id)],
);

/** Members mentioned in a post. */
export const postMentions = pgTable(
  'post_mentions',
  {
    post_id: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.post_id, t.user_id] })],
);

/** A comment on a reaction target: `target_type` `news` (a page) or `post`. */
export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    target_type: text('target_type', { enum: reactionTargetTypes }).notNull(),
    target_id: integer('target_id').notNull(),
    author_id: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Plain text. */
    text: text('text').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_target_idx').on(t.target_type, t.target_id, t.created_at),
    // A member's comments (their data export by id; the cascade of their deletion).
    index('comments_author_id_idx').on(t.author_id, t.id),
    check('comments_target_type_check', oneOf(t.target_type, reactionTargetTypes)),
  ],
);

/** A like of a reaction target by a member (once per member). */
export const likes = pgTable(
  'likes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    target_type: text('target_type', { enum: reactionTargetTypes }).notNull(),
    target_id: integer('target_id').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('likes_target_user_idx').on(t.target_type, t.target_id, t.user_id),
    // A member's own likes: "liked by me" of a whole list at once (a hashed sub-plan), and the cascade
    // when a member is deleted.
    index('likes_user_target_idx').on(t.user_id, t.target_type, t.target_id),
    check('likes_target_type_check', oneOf(t.target_type, reactionTargetTypes)),
  ],
);
