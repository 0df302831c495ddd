import { z } from 'zod';
import { limits } from './constants';
import { defineEndpoint } from './endpoint';
import { idSchema } from './entities';
import { pageQuerySchema, paginated } from './pagination';
import { personRefSchema } from './posts';
import { plainTextField } from './text';

/**
 * Comments and likes on news articles (`type: 'news'`, `id` the article's number) and posts
 * (`type: 'post'`, `id` the post's number). What may be reacted to is checked on the server: a post by
 * its group's read rule, an article by its visibility and its `comments_allowed` / `likes_allowed`.
 */
export const reactionTargetTypes = ['news', 'post'] as const;
export const reactionTargetTypeSchema = z.enum(reactionTargetTypes);
export type ReactionTargetType = z.infer<typeof reactionTargetTypeSchema>;

const targetQuery = z.object({ type: reactionTargetTypeSchema, id: idSchema });

/** A comment; `text` is plain text, stored as written (markup and all) and shown as text by the web. */
export const commentSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  author: personRefSchema,
  created_at: z.string(),
  /** `edit` for its writer; `delete` for its writer, the post's author and superadmins. */
  permissions: z.array(z.enum(['edit', 'delete'])),
});
export type Comment = z.infer<typeof commentSchema>;

/** Comments, oldest first, with whether the viewer may write one. */
export const commentListSchema = paginated(commentSchema).extend({ can_comment: z.boolean() });

/** The like state of an item for the viewer. */
export const likeStateSchema = z.object({ count: z.number().int(), liked_by_me: z.boolean() });
export type LikeState = z.infer<typeof likeStateSchema>;

/** Who liked an item, newest first, with the count and the viewer's own state. */
export const likeListSchema = paginated(personRefSchema).extend(likeStateSchema.shape).extend({
  can_like: z.boolean(),
});

export const writeCommentSchema = targetQuery.extend({
  text: plainTextField(limits.commentMaxLength),
});
export const setLikeSchema = targetQuery.extend({ like: z.boolean() });
export const updateCommentSchema = writeCommentSchema.pick({ text: true });

const tags = ['reactions'];
export const commentEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v2/comments',
    summary: 'Comments on an article or a post the viewer may read',
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'post' },
    query: pageQuerySchema.extend(targetQuery.shape),
    response: commentListSchema,
  }),
  write: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/comments',
    summary:
      "Comment on an article (when comments_allowed) or a post; the post's author gets a comment activity",
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'post' },
    body: writeCommentSchema,
    response: commentSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/comments/:id',
    summary: 'Change the text of a comment (its writer only)',
    tags,
    access: { allow: ['owner'], object: 'comment', seenBy: ['groupMember', 'superadmin'] },
    params: z.object({ id: idSchema }),
    body: updateCommentSchema,
    response: commentSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/comments/:id',
    summary: "Delete a comment (its writer, the post's author or a superadmin)",
    tags,
    access: { allow: ['owner'], permission: 'superadmin', object: 'comment', seenBy: ['groupMember'] },
    params: z.object({ id: idSchema }),
    response: z.object({ success: z.literal(true) }),
  }),
};

export const likeEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v2/likes',
    summary: 'Who liked an article or a post the viewer may read',
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'post' },
    query: pageQuerySchema.extend(targetQuery.shape),
    response: likeListSchema,
  }),
  set: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/likes',
    summary:
      "Like (`like: true`) or unlike an article (when likes_allowed) or a post; the post's author gets a like activity",
    tags,
    access: { allow: ['groupMember'], permission: 'superadmin', object: 'post' },
    body: setLikeSchema,
    response: likeStateSchema,
  }),
};
