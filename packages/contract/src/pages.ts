import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idParamsSchema } from './entities';
import { pageVisibilities } from './news';

/** The page type of the legal pages (imprint, privacy, terms, Q&A) that the settings' pages map names. */
export const legalPageType = 'legal';

/**
 * A CMS page as `/{lang}/page/{id}` shows it (spec 3 "Page"). So far the legal pages; the CMS adds
 * modules, articles keep their own endpoint (`news`). Title and content are in the caller's language
 * when the page has it, else in the language the page was written in.
 */
export const pageSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  visibility: z.enum(pageVisibilities),
  /** ISO 8601: the last change. */
  updated_at: z.string(),
});
export type Page = z.infer<typeof pageSchema>;

export const pageEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v2/pages/:id',
    summary:
      "A published CMS page in the caller's language; 404 for an unknown page and for a members' page asked for signed out",
    tags: ['pages'],
    access: 'public',
    params: idParamsSchema,
    response: pageSchema,
  }),
};
