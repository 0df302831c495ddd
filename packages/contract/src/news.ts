import { z } from 'zod';
import { maxId, newsItemIdInRange, newsItemIdPattern } from './constants';
import { defineEndpoint } from './endpoint';
import { idSchema } from './entities';
import { idListParam } from './list-param';
import { streamPage, streamPageQuerySchema } from './pagination';
import { postSchema } from './posts';
import { text } from './text';

/** Who may read a CMS page: `all` (public) or `members`. */
export const pageVisibilities = ['all', 'members'] as const;
export type PageVisibility = (typeof pageVisibilities)[number];

/**
 * The news stream: CMS articles (`pages` of type `article`) and members' posts, newest first.
 *
 * - Dashboard stream: `GET news` (articles and every post the viewer may read).
 * - Group stream: `GET news?group_id=<id>` (the group's posts, its topics' posts included; no articles).
 * - Topic stream: `GET news/topic_filter/<topic id>` (the topic's posts).
 * Page 1 replaces the list, later pages append (spec 4 "News list"). Teasers come with page 1 of the
 * dashboard stream only (empty otherwise).
 */

/** A CMS news article (spec 3 "Article teaser" and "News item"). */
export const articleSchema = z.object({
  /** `page-<n>`. */
  id: z.string(),
  item_id: z.number().int(),
  meta: z.object({ type: z.literal('article') }),
  title: z.string(),
  teaser: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  /** ISO 8601. */
  publish_date: z.string(),
  author: z.object({ name: z.string(), avatar: z.string().nullable() }),
  images: z.object({
    title: z.string().nullable(),
    /** Images of a slider (the title image first). */
    slider: z.array(z.string()),
    teaser: z.string().nullable(),
    images: z.array(z.string()),
  }),
  attachments: z.array(z.object({ type: z.string(), link: z.string(), name: z.string() })),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** `all` (public) or `members`. */
  visibility: z.enum(pageVisibilities),
  comments_allowed: z.boolean(),
  likes_allowed: z.boolean(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  liked_by_me: z.boolean(),
});
export type Article = z.infer<typeof articleSchema>;

/** One entry of a news stream: an article or a post, told apart by `meta.type`. */
export const newsItemSchema = z.union([articleSchema, postSchema]);
export type NewsItem = z.infer<typeof newsItemSchema>;

/** A filter of a list (spec 3 "Filter option"); the values are in `properties`. */
export const newsFilterSchema = z.object({
  id: z.number().int(),
  /** The query parameter it sets: `category` or `type`. */
  identifier: z.enum(['category', 'type']),
  label: z.string(),
  properties: z.array(
    z.object({ id: z.union([z.number().int(), z.string()]), value: z.string(), type: z.string() }),
  ),
});
export type NewsFilter = z.infer<typeof newsFilterSchema>;

/** The top teaser slider: featured articles. */
export const topTeaserSchema = z.object({
  results: z.array(articleSchema),
  options: z.object({ isCircle: z.boolean() }),
  sliderInterval: z.number().int(),
});

const teaserBlock = z.object({ results: z.array(articleSchema), maxRecords: z.number().int() });

/** Stream filters: `category` a list of category ids (`listParam`), `type` article or post. */
export const newsFilterQuerySchema = z.object({
  category: idListParam(50).optional(),
  type: z.enum(['article', 'post']).optional(),
});

export const newsListSchema = streamPage(newsItemSchema).extend({
  topTeaser: topTeaserSchema,
  horizontalTeaser: teaserBlock,
  webNews: teaserBlock,
  filters: z.array(newsFilterSchema),
});
export type NewsList = z.infer<typeof newsListSchema>;

/** Stream item address: `page-<n>` or a bare number for an article, `post-<n>` for a post. */
export const newsItemIdSchema = text()
  .regex(newsItemIdPattern)
  .refine(newsItemIdInRange, { message: `an id of at most ${maxId}` });

const tags = ['news'];
export const newsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v2/news',
    summary: 'The news stream (articles and readable posts), or a group stream with group_id',
    tags,
    access: 'user',
    query: streamPageQuerySchema
      .extend(newsFilterQuerySchema.shape)
      .extend({ group_id: idSchema.optional() }),
    response: newsListSchema,
  }),
  filters: defineEndpoint({
    method: 'GET',
    path: '/api/v2/news.filters',
    summary: 'Filters of the news stream (categories and item type)',
    tags,
    access: 'user',
    response: z.object({ results: z.array(newsFilterSchema) }),
  }),
  topTeaser: defineEndpoint({
    method: 'GET',
    path: '/api/v2/news/top_teaser',
    summary: 'Featured articles for the top teaser slider (5000 ms interval)',
    tags,
    access: 'user',
    response: topTeaserSchema,
  }),
  topic: defineEndpoint({
    method: 'GET',
    path: '/api/v2/news/topic_filter/:id',
    summary: "A topic's stream of posts (`id` is the topic)",
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'topic' },
    params: z.object({ id: idSchema }),
    query: streamPageQuerySchema,
    response: streamPage(postSchema),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v2/news/:id',
    summary: 'One article (`page-<n>` or `<n>`) or post (`post-<n>`) the viewer may read',
    tags,
    access: { allow: ['member'], object: 'article' },
    params: z.object({ id: newsItemIdSchema }),
    response: newsItemSchema,
  }),
};
