import { z } from 'zod';
import { previewIdPattern } from './constants';
import { defineEndpoint } from './endpoint';
import { idParamsSchema, idSchema, idValueSchema } from './entities';
import { pageVisibilities } from './news';
import { pageModuleInputSchema, pageModuleLimits, pageModuleSchema } from './page-modules';
import { plainTextField, text } from './text';
import { uploadedImageSchema } from './uploads';

export * from './page-modules';

/**
 * Kinds of CMS page: `page` (a content page built from modules), `article` (a news article, also in the
 * news stream) and `legal` (imprint, privacy, terms, Q&A: the settings' pages map names them).
 */
export const pageTypes = ['page', 'article', 'legal'] as const;
export type PageType = (typeof pageTypes)[number];
/** The page type of the legal pages (imprint, privacy, terms, Q&A) that the settings' pages map names. */
export const legalPageType = 'legal' satisfies PageType;

export const pageLimits = {
  titleMaxLength: 200,
  teaserMaxLength: 1_000,
  shareTitleMaxLength: 200,
  shareDescriptionMaxLength: 500,
  /** Pages the administration list shows per call. */
  adminListPageSize: 50,
} as const;

/**
 * How a page presents itself where it is shared and, to a signed-out visitor, in place of a members'
 * page: with share options a visitor sees this card under a sign-in overlay, without them the visitor
 * is sent to sign in (spec 2 "CMS page").
 */
export const shareOptionsSchema = z.strictObject({
  title: plainTextField(pageLimits.shareTitleMaxLength),
  description: plainTextField(pageLimits.shareDescriptionMaxLength).optional(),
  /** An uploaded image (`POST admin/pages/{id}/images`). */
  image_id: idValueSchema.nullable().default(null),
});

/** Share options as the reader gets them: the image as an address. */
export const shareCardSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
});

/**
 * A CMS page as `/{lang}/page/{id}`, `/{lang}/previews/{id}` and the landing page show it (spec 3
 * "Page"). Title and content are in the caller's language when the page has it, else as written.
 *
 * `limited` is true when a signed-out visitor asked for a members' page: then `modules` is empty,
 * `content` is empty and only `share_options` (or nothing) describes it.
 */
export const pageSchema = z.object({
  id: z.number().int(),
  type: z.enum(pageTypes),
  meta: z.object({ type: z.enum(pageTypes) }),
  title: z.string(),
  teaser: z.string(),
  /** Sanitised HTML: the text of a legal page or article; content pages use modules. */
  content: z.string(),
  visibility: z.enum(pageVisibilities),
  comments_allowed: z.boolean(),
  likes_allowed: z.boolean(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  liked_by_me: z.boolean(),
  share_options: shareCardSchema.nullable(),
  modules: z.array(pageModuleSchema),
  limited: z.boolean(),
  /** True for a preview of an unpublished version. */
  preview: z.boolean(),
  /** ISO 8601: the last change. */
  updated_at: z.string(),
});
export type Page = z.infer<typeof pageSchema>;

/** A legal page of the footer and the `/terms`, `/imprint`, `/q-and-a` routes (spec 3 "Legal page"). */
export const legalPageSchema = z.object({
  /** The key in the settings' pages map: imprint, privacy, terms, q_and_a or a custom one. */
  type_string: z.string(),
  page_id: z.number().int(),
  title: z.string(),
});
export type LegalPage = z.infer<typeof legalPageSchema>;

/** The editable version of a page (what the page editor saves, then publishes). */
export const pageDraftSchema = z.strictObject({
  type: z.enum(pageTypes).default('page'),
  title: plainTextField(pageLimits.titleMaxLength),
  teaser: text().trim().max(pageLimits.teaserMaxLength).default(''),
  visibility: z.enum(pageVisibilities).default('members'),
  comments_allowed: z.boolean().default(false),
  likes_allowed: z.boolean().default(false),
  share_options: shareOptionsSchema.nullable().default(null),
  modules: z.array(pageModuleInputSchema).max(pageModuleLimits.modules).default([]),
});
export type PageDraftInput = z.input<typeof pageDraftSchema>;
export type PageDraft = z.output<typeof pageDraftSchema>;

/** Draft as the editor reads it back: modules with their ids. */
export const storedPageDraftSchema = pageDraftSchema.extend({
  modules: z.array(pageModuleInputSchema.and(z.object({ id: z.string() }))),
});

export const pageStatuses = ['draft', 'published', 'unpublished'] as const;

/** A page in the administration: its draft, whether it is live, and its preview address. */
export const adminPageSchema = z.object({
  id: z.number().int(),
  status: z.enum(pageStatuses),
  /** The draft differs from what readers see. */
  has_unpublished_changes: z.boolean(),
  draft: storedPageDraftSchema,
  /** `/{lang}/previews/{preview_id}` shows the draft to whoever has the address. */
  preview_id: z.string(),
  /** The settings' pages map keys that name this page (landing, imprint, ...). */
  assigned_as: z.array(z.string()),
  updated_at: z.string(),
});
export type AdminPage = z.infer<typeof adminPageSchema>;

export const adminPageListItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(pageTypes),
  title: z.string(),
  status: z.enum(pageStatuses),
  has_unpublished_changes: z.boolean(),
  visibility: z.enum(pageVisibilities),
  assigned_as: z.array(z.string()),
  updated_at: z.string(),
});
export type AdminPageListItem = z.infer<typeof adminPageListItemSchema>;

/** A file uploaded for a page's downloads module. */
export const pageFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  link: z.string(),
});
export type PageFile = z.infer<typeof pageFileSchema>;

/** The address a page file downloads from (public when the page is). */
export function pageFileLink(pageId: number, fileId: number): string {
  return `/api/v2/pages/${pageId}/files/${fileId}`;
}

/** A key of the settings' pages map: `landing`, a legal page type or a custom legal page. */
export const pageMapKeySchema = text().regex(/^[a-z][a-z0-9_]{0,39}$/, 'lower-case letters, digits and _');

/** Preview ids are random (not guessable): whoever has the address may read the draft. */
export const previewIdSchema = text().regex(previewIdPattern, 'a preview id');

const tags = ['pages'];
const adminTags = ['pages administration'];
export const pageEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v2/pages/:id',
    summary:
      "A published CMS page in the caller's language; a members' page asked for signed out comes limited (no modules)",
    tags,
    access: { allow: ['public'], object: 'page' },
    params: idParamsSchema,
    response: pageSchema,
  }),
  preview: defineEndpoint({
    method: 'GET',
    path: '/api/v2/previews/:id',
    summary: 'The unpublished version of a page, by its random preview id',
    tags,
    access: { allow: ['public'], object: 'pagePreview' },
    params: z.object({ id: previewIdSchema }),
    response: pageSchema,
  }),
  legal: defineEndpoint({
    method: 'GET',
    path: '/api/v2/legal_pages',
    summary: "The legal pages in the settings' order (those that exist and are published)",
    tags,
    access: 'public',
    response: z.object({ results: z.array(legalPageSchema) }),
  }),
  file: defineEndpoint({
    method: 'GET',
    path: '/api/v2/pages/:id/files/:fileId',
    summary: "Download a page's file when the caller may read the page",
    tags,
    access: { allow: ['public'], object: 'pageFile' },
    params: z.object({ id: idSchema, fileId: idSchema }),
    response: z.unknown(),
  }),
  adminList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/admin/pages',
    summary: 'Pages for superadmins, newest change first; `before` is the last id of the previous call',
    tags: adminTags,
    access: { allow: [], permission: 'superadmin' },
    query: z.object({ before: idSchema.optional(), type: z.enum(pageTypes).optional() }),
    response: z.object({
      results: z.array(adminPageListItemSchema),
      next_before: z.number().int().nullable(),
    }),
  }),
  adminCreate: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/pages',
    summary: 'Create a page (unpublished) from a draft',
    tags: adminTags,
    access: { allow: [], permission: 'superadmin' },
    body: pageDraftSchema,
    response: adminPageSchema,
  }),
  adminGet: defineEndpoint({
    method: 'GET',
    path: '/api/v2/admin/pages/:id',
    summary: "A page's draft and status",
    tags: adminTags,
    access: { allow: [], permission: 'superadmin', object: 'page' },
    params: idParamsSchema,
    response: adminPageSchema,
  }),
  adminSave: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/admin/pages/:id',
    summary: "Save a page's draft (readers keep the published version until it is published)",
    tags: adminTags,
    access: { allow: [], permission: 'superadmin', object: 'page' },
    params: idParamsSchema,
    body: pageDraftSchema,
    response: adminPageSchema,
  }),
  adminPublish: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/pages/:id/publish',
    summary: 'Publish the draft',
    tags: adminTags,
    access: { allow: [], permission: 'superadmin', object: 'page' },
    params: idParamsSchema,
    response: adminPageSchema,
  }),
  adminUnpublish: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/pages/:id/unpublish',
    summary: 'Take the page offline (its draft stays)',
    tags: adminTags,
    access: { allow: [], permission: 'superadmin', object: 'page' },
    params: idParamsSchema,
    response: adminPageSchema,
  }),
  adminDelete: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/admin/pages/:id',
    summary: 'Delete a page, its files, and its entries in the pages map',
    tags: adminTags,
    access: { allow: [], permission: 'superadmin', object: 'page' },
    params: idParamsSchema,
    response: z.object({ success: z.literal(true) }),
  }),
  adminAssign: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/admin/pages/:id/assignments',
    summary:
      "Name this page in the settings' pages map (landing, imprint, privacy, terms, q_and_a); keys not listed stop naming it",
    tags: adminTags,
    access: { allow: [], permission: 'superadmin', object: 'page' },
    params: idParamsSchema,
    body: z.strictObject({ keys: z.array(pageMapKeySchema).max(20) }),
    response: adminPageSchema,
  }),
  adminUploadImage: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/pages/:id/images',
    summary: 'Upload an image for a gallery or the share options (multipart, one image)',
    tags: adminTags,
    access: { allow: [], permission: 'superadmin', object: 'page' },
    params: idParamsSchema,
    response: uploadedImageSchema,
  }),
  adminUploadFile: defineEndpoint({
    method: 'POST',
    path: '/api/v2/admin/pages/:id/files',
    summary: 'Upload a file for a downloads module (multipart, one file)',
    tags: adminTags,
    access: { allow: [], permission: 'superadmin', object: 'page' },
    params: idParamsSchema,
    response: pageFileSchema,
  }),
};
