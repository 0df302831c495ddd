import { z } from 'zod';
import { limits } from './constants';
import { defineEndpoint } from './endpoint';
import { idSchema, idValueSchema } from './entities';
import { linkPreviewSchema, linkUrlSchema } from './media';
import { pageQuerySchema, paginated } from './pagination';
import { richTextField, text } from './text';

/**
 * Posts: rich-text messages of members, in a group (and optionally one of its topics) or, when the
 * setting `allow_posts_without_grp_and_topic` is on, in no group (seen by every member).
 *
 * Ids in streams: a post is `post-<n>` and an article `page-<n>` (spec: "Article teaser id page-N",
 * "TV post id with a prefix"); `item_id` is the plain number the other calls take
 * (`DELETE posts/:id`, `PUT likes {type: 'post', id}`).
 *
 * A post's page is `/{lang}/news/post-<n>` (the news article route also shows a single post with its
 * likes and comments); activities and the TV's QR code link there. See `postPath`.
 */

/** The person shown as the writer of a post, a comment or a like. */
export const personRefSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type PersonRef = z.infer<typeof personRefSchema>;

/**
 * A file attached to a post. `link` downloads it through the API with the post's read rule (images
 * inline, everything else as an attachment); `type` is the MIME type found in the content (images are
 * re-encoded as `image/webp`, without metadata).
 */
export const postFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  link: z.string(),
  /** True for images (the web app and the TV show them inline). */
  is_image: z.boolean(),
});
export type PostFile = z.infer<typeof postFileSchema>;

/**
 * The link of a post with its preview (spec: Post.preview), fetched by the server when the post is
 * created. When no preview could be fetched the link is kept alone: `url` with every other field null.
 */
export const postPreviewSchema = linkPreviewSchema;
export type PostPreview = z.infer<typeof postPreviewSchema>;

/** Rights of the viewer on a post: `edit` its text (its author or writer), `delete` it. */
export const postPermissions = ['edit', 'delete'] as const;

/** A post as streams, the post page and the TV show it. `description` is sanitised HTML. */
export const postSchema = z.object({
  /** `post-<n>`. */
  id: z.string(),
  item_id: z.number().int(),
  meta: z.object({ type: z.literal('post') }),
  author: personRefSchema,
  created_at: z.string(),
  /** When its text was last changed (PUT posts/{id}); null for a post never edited. */
  edited_at: z.string().nullable(),
  /** Sanitised HTML; mentions are `<span data-type="mention" data-id="<user id>" data-label="<name>">`. */
  description: z.string(),
  files: z.array(postFileSchema),
  preview: postPreviewSchema.nullable(),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  topic: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  mentions: z.array(z.object({ id: z.number().int(), name: z.string() })),
  comments_allowed: z.literal(true),
  likes_allowed: z.literal(true),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  liked_by_me: z.boolean(),
  permissions: z.array(z.enum(postPermissions)),
});
export type Post = z.infer<typeof postSchema>;

/** The create-post form (spec 4 "Create post", 5 "Post"). */
export const createPostSchema = z.object({
  /** Rich text: HTML from the editor, sanitised on the server with a strict allow-list. */
  description: richTextField(limits.postMaxLength),
  /** Required unless `allow_posts_without_grp_and_topic` is on. */
  group_id: idValueSchema.nullable().optional(),
  /**
   * A topic of `group_id` (alone it names its group). Unless `allow_posts_without_grp_and_topic` is on,
   * required when the group has topics (a group without topics takes posts directly).
   */
  topic_id: idValueSchema.nullable().optional(),
  /** Ids from `POST posts/file`, uploaded by the same member and not used by another post yet. */
  files: z.array(idValueSchema).max(limits.postMaxFiles).default([]),
  /** Only the address: the server fetches the preview itself. */
  preview: z.object({ url: linkUrlSchema }).nullable().optional(),
  /** Post as this member (needs superadmin or post_as_author, and `author_function` on). */
  author_id: idValueSchema.nullable().optional(),
});
export type CreatePostInput = z.input<typeof createPostSchema>;

/** A changed post: its text only (group, topic, author, files and preview stay as they are). */
export const updatePostSchema = createPostSchema.pick({ description: true });

/** One choice in a post select (spec 3 "Post select option"): a group with the topics in `properties`. */
export const postSelectPropertySchema = z.object({
  key: z.literal('topic'),
  /** Topic name. */
  value: z.string(),
  id: z.number().int(),
  type: z.literal('topic'),
});
export const postSelectOptionSchema = z.object({
  /** `group-<id>`. */
  identifier: z.string(),
  /** Group name. */
  label: z.string(),
  id: z.number().int(),
  type: z.literal('group'),
  properties: z.array(postSelectPropertySchema),
});
export type PostSelectOption = z.infer<typeof postSelectOptionSchema>;

const postParams = z.object({ id: idSchema });
const okSchema = z.object({ success: z.literal(true) });
const tags = ['posts'];

export const postEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v2/posts',
    summary:
      'Write a post into a group (post_content) and topic, or into no group when allowed; mentioned members who can see it get an activity',
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'group' },
    body: createPostSchema,
    response: postSchema,
    status: 201,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v2/posts/:id',
    summary: 'One post; a post in a group the viewer may not read is "not found"',
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'post' },
    params: postParams,
    response: postSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/posts/:id',
    summary:
      'Change the text of a post (its author or writer); members it newly mentions who can see it get an activity',
    tags,
    access: { allow: ['owner'], object: 'post', seenBy: ['groupMember', 'superadmin'] },
    params: postParams,
    body: updatePostSchema,
    response: postSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/posts/:id',
    summary: 'Delete a post with its files, comments and likes (its author, a group admin or a superadmin)',
    tags,
    access: {
      allow: ['owner', 'groupAdmin'],
      permission: 'superadmin',
      object: 'post',
      seenBy: ['groupMember'],
    },
    params: postParams,
    response: okSchema,
  }),
  uploadFile: defineEndpoint({
    method: 'POST',
    path: '/api/v2/posts/file',
    summary:
      'Upload one file (multipart field `file`, 20 MB) for a post to be written; checked by content, images re-encoded',
    tags,
    access: 'user',
    response: postFileSchema,
    status: 201,
  }),
  downloadFile: defineEndpoint({
    method: 'GET',
    path: '/api/v2/posts/file/:id',
    summary:
      "A post's file (images inline, others as attachment) for those who may read the post; an unused upload only for its uploader",
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'postFile' },
    params: postParams,
    response: z.unknown(),
  }),
  removeFile: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/posts/file/:id',
    summary:
      'Remove an uploaded file: an unused upload by its uploader, an attached one by whoever may delete the post',
    tags,
    access: {
      allow: ['owner', 'groupAdmin'],
      permission: 'superadmin',
      object: 'postFile',
      seenBy: ['groupMember'],
    },
    params: postParams,
    response: okSchema,
  }),
  authors: defineEndpoint({
    method: 'GET',
    path: '/api/v2/posts/authors',
    summary:
      'Members the viewer may post as (`enabled` false and no results unless author_function is on and the viewer is superadmin or post_as_author)',
    tags,
    access: 'user',
    query: pageQuerySchema.extend({ search: text().trim().max(limits.memberSearchMaxLength).default('') }),
    response: paginated(personRefSchema).extend({ enabled: z.boolean() }),
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/api/v2/posts/options',
    summary:
      'Where the viewer may post: groups with post_content and their topics; `allow_without_group` mirrors allow_posts_without_grp_and_topic',
    tags,
    access: 'user',
    response: z.object({ results: z.array(postSelectOptionSchema), allow_without_group: z.boolean() }),
  }),
  groupOptions: defineEndpoint({
    method: 'GET',
    path: '/api/v2/posts/options/:id',
    summary: 'The topics of a group the viewer may post into (`id` is the group)',
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'group' },
    params: postParams,
    response: z.object({ results: z.array(postSelectPropertySchema) }),
  }),
};
