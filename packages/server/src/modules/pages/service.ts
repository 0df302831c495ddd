import type { LegalPage, Locale, Page } from '@plaza/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { sanitizeArticleHtml } from '../../platform/html-sanitizer';
import type { SessionUser } from '../../platform/request-context';
import { getSettings } from '../settings';
import { attachmentDisposition, type Download, openStoredFile, type UploadDeps } from '../uploads';
import { pagePolicy } from './policy';
import {
  draftDocument,
  imageAddresses,
  type PageDocument,
  presentPage,
  publishedDocument,
} from './presenter';
import { localTitle, withReferences } from './references';
import { type NewPageRow, type PageRow, pagesRepo } from './repo';

interface ReadInput {
  viewer: SessionUser | null;
  locale: Locale;
  now: Date;
}

/** A version of a page as `reader` gets it: limited (no modules, no text) for a visitor on a members' page. */
async function present(
  db: Db,
  row: PageRow & { liked_by_me: boolean },
  document: PageDocument,
  input: ReadInput,
  preview: boolean,
): Promise<Page> {
  const limited = !preview && pagePolicy.readMode(input.viewer, document.visibility) === 'limited';
  const shareImage = document.share_options?.image_id;
  const [modules, images] = await Promise.all([
    limited
      ? []
      : withReferences(
          db,
          { pageId: row.id, reader: input.viewer, locale: input.locale, now: input.now },
          document.modules,
        ),
    pagesRepo.imagesOf(db, row.id, shareImage ? [shareImage] : []),
  ]);
  const likedByMe = !limited && row.liked_by_me;
  return presentPage(row, document, { modules, limited, preview, likedByMe, images: imageAddresses(images) });
}

/**
 * A published page for the viewer. A visitor asking for a members' page gets its limited form (the
 * title and share card, never its text or modules), so the web can offer to sign in.
 */
export async function readPage(db: Db, input: ReadInput & { id: number }): Promise<Page> {
  const row = await pagesRepo.published(db, input.id, input.now, input.viewer?.id ?? null);
  if (!row) throw notFound('The page');
  return present(db, row, publishedDocument(row, input.locale), input, false);
}

/** The draft of a page by its random preview id: whoever has the address may read it. */
export async function readPreview(db: Db, input: ReadInput & { previewId: string }): Promise<Page> {
  const row = await pagesRepo.byPreviewId(db, input.previewId, input.viewer?.id ?? null);
  if (!row) throw notFound('The preview');
  return present(db, row, draftDocument(row), input, true);
}

/** The legal pages of the settings' pages map, in `legal_pages_order`, that exist and the reader may read. */
export async function legalPages(db: Db, input: ReadInput): Promise<{ results: LegalPage[] }> {
  const settings = await getSettings(db);
  const keys = settings.legal_pages_order.filter((key) => typeof settings.pages[key] === 'number');
  const ids = keys.map((key) => settings.pages[key] as number);
  const readable = await pagesRepo.readableTitles(db, input.viewer, ids, input.now);
  return {
    results: keys.flatMap((key) => {
      const page = readable.find((row) => row.id === settings.pages[key]);
      return page ? [{ type_string: key, page_id: page.id, title: localTitle(page, input.locale) }] : [];
    }),
  };
}

export type NewPage = Pick<NewPageRow, 'type' | 'title' | 'content' | 'visibility' | 'translations'> &
  Partial<Pick<NewPageRow, 'modules' | 'teaser'>>;

/** Stores a published page (the seed's); its HTML (the translations' too) is sanitised like an article's. */
export async function createPage(db: Db, page: NewPage): Promise<number> {
  const translations = Object.fromEntries(
    Object.entries(page.translations ?? {}).map(([locale, text]) => [
      locale,
      { title: text.title, content: sanitizeArticleHtml(text.content) },
    ]),
  );
  const row = await pagesRepo.insert(db, {
    ...page,
    content: sanitizeArticleHtml(page.content ?? ''),
    translations,
  });
  return row.id;
}

/** Opens a page's file when the page is readable (published, public or the caller signed in), or for a superadmin. */
export async function openPageFile(
  deps: UploadDeps,
  input: ReadInput & { pageId: number; fileId: number },
): Promise<Download> {
  const manager = pagePolicy.can(input.viewer, 'manage');
  const page = manager
    ? await pagesRepo.byId(deps.db, input.pageId)
    : await pagesRepo.published(deps.db, input.pageId, input.now, null);
  if (!page || pagePolicy.readMode(input.viewer, page.visibility) === 'limited') throw notFound('The file');
  const file = await pagesRepo.file(deps.db, input.pageId, input.fileId);
  if (!file) throw notFound('The file');
  return openStoredFile(deps.dataDir, file.path, file.mime_type, attachmentDisposition(file.name));
}
