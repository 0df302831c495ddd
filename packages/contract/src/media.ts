import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { isLinkUrl } from './link-url';
import { text } from './text';

/** Longest title and description a preview keeps (plain text, trimmed). */
export const linkPreviewLimits = { title: 200, description: 500, url: 2048 } as const;

/** A link typed into the link input: the spec's URL pattern (see `link-url.ts`). */
export const linkUrlSchema = text()
  .trim()
  .max(linkPreviewLimits.url)
  .refine(isLinkUrl, { message: 'Not a valid link (http or https address).' });

/**
 * The preview of a link (the spec's post preview). Texts are plain text as the page wrote them (without
 * control or bidi characters), shown as text: markup in a title stays text.
 * - `url`: the link as the member typed it (normalised);
 * - `image`: the preview image as a copy stored on this site (`/uploads/images/<random>.webp`, shown
 *   under the page's `img-src 'self'`), or null;
 * - `image_url`: where that image came from (for reference only, never loaded by the browser);
 * - `video_url`: the page of a video found through oEmbed or `og:video` (http/https), shown as a link
 *   because the page's CSP allows no foreign frames.
 */
export const linkPreviewSchema = z.object({
  url: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  image_url: z.string().nullable(),
  video_url: z.string().nullable(),
});
export type LinkPreview = z.infer<typeof linkPreviewSchema>;

/**
 * Answer of a preview lookup. Any failure (refused target, unreachable site, no usable metadata) is
 * swallowed as the spec asks: a 200 with `preview: null`, never the reason.
 */
export const linkPreviewResultSchema = z.object({ preview: linkPreviewSchema.nullable() });

export const mediaEndpoints = {
  preview: defineEndpoint({
    method: 'GET',
    path: '/api/v2/media.preview',
    summary:
      'Preview (title, description, image, video) of a public web page; a failed lookup answers preview null',
    tags: ['media'],
    access: 'user',
    query: z.object({ url: linkUrlSchema }),
    response: linkPreviewResultSchema,
  }),
};
