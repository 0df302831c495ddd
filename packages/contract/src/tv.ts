import { z } from 'zod';
import { limits } from './constants';
import { defineEndpoint } from './endpoint';
import { idSchema } from './entities';
import { plainTextField, text } from './text';

/** How many slides the TV feed carries at most (latest posts and images, newest first). */
export const tvFeedSize = 20;

/**
 * One slide of the TV slideshow (the spec's TV post). `id` carries its kind as a prefix:
 * `post-<id>` (a post: `content` is sanitised HTML, `mimetype` is `text/html`) or `image-<id>` (an
 * image of a post: `image` is its address through `GET /api/v2/tv/images/:id?key=`, `mimetype` its
 * type; `content` is empty). `link` is the absolute address of the post (`postPath`), for the QR code.
 * Designed here: `image` (null for posts). Only posts every member may read are in the feed: posts
 * without a group and posts of open groups, never those of approval or private groups.
 */
export const tvPostSchema = z.object({
  id: z.string(),
  content: z.string(),
  author: z.object({ name: z.string(), avatar: z.string().nullable() }),
  created_at: z.string(),
  mimetype: z.string(),
  link: z.string(),
  image: z.string().nullable(),
});
export type TvPost = z.infer<typeof tvPostSchema>;

export const tvFeedSchema = z.object({ results: z.array(tvPostSchema) });

/** Display keys are 32 random bytes, base64url (43 characters). */
export const displayKeyTextSchema = text().min(20).max(100);

/** A display key as listed for superadmins: never the key itself, only its name and dates. */
export const displayKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type DisplayKey = z.infer<typeof displayKeySchema>;

export const displayKeyNameSchema = plainTextField(limits.displayKeyNameMaxLength);

export const tvEndpoints = {
  feed: defineEndpoint({
    method: 'GET',
    path: '/api/v2/tv/feed',
    summary:
      'Latest posts and images every member may see, for a TV display; 401 without a key, 403 for an unknown or revoked key',
    tags: ['tv'],
    access: { allow: ['public'], object: 'tvImage' },
    query: z.object({ key: text().max(200).optional() }),
    response: tvFeedSchema,
  }),
  image: defineEndpoint({
    method: 'GET',
    path: '/api/v2/tv/images/:id',
    summary: 'An image of a post shown in the TV feed (the image slide), for a valid display key',
    tags: ['tv'],
    access: { allow: ['public'], object: 'tvImage' },
    params: z.object({ id: idSchema }),
    query: z.object({ key: text().max(200).optional() }),
    response: z.unknown(),
  }),
  displayKeys: defineEndpoint({
    method: 'GET',
    path: '/api/v2/tv/display_keys',
    summary: 'Display keys (superadmins)',
    tags: ['tv'],
    access: { allow: [], permission: 'superadmin' },
    response: z.object({ results: z.array(displayKeySchema) }),
  }),
  createDisplayKey: defineEndpoint({
    method: 'POST',
    path: '/api/v2/tv/display_keys',
    summary:
      'Create a display key (superadmins); the key is in this answer only, the server keeps its SHA-256',
    tags: ['tv'],
    access: { allow: [], permission: 'superadmin' },
    body: z.object({ name: displayKeyNameSchema }),
    response: z.object({ display_key: displayKeySchema, key: z.string() }),
    status: 201,
  }),
  revokeDisplayKey: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/tv/display_keys/:id',
    summary: 'Revoke a display key (superadmins); displays using it stop at their next poll',
    tags: ['tv'],
    access: { allow: [], permission: 'superadmin', object: 'displayKey' },
    params: z.object({ id: idSchema }),
    response: z.object({ success: z.literal(true) }),
  }),
};
