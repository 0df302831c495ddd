import type { LegalPage, Locale, Page, PageModule, StoredPageModule } from '@plaza/contract';
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
import { assembleReferences, localTitle, planReferences, readsOf, withReferences } from './references';
import { type NewPageRow, type PageRow, pagesRepo } from './repo';

interface ReadInput {
  viewer: SessionUser | null;
  locale: Locale;
  now: Date;
}

/**
 * A version of a page as `reader` gets it: limited (no modules, no text) for a visitor on a members' page.
 * `modules` are its modules with their references when the caller looked them up already.
 */
async function present(
  db: Db,
  row: PageRow & { liked_by_me: boolean },
  document: PageDocument,
  input: ReadInput,
  preview: boolean,
  modules?: PageModule[],
): Promise<Page> {
  const limited = !preview && pagePolicy.readMode(input.viewer, document.visibility) === 'limited';
  const shareImage = document.share_options?.image_id;
  const [shown, images] = await Promise.all([
    limited
      ? []
      : (modules ??
        withReferences(
          db,
          { pageId: row.id, reader: input.viewer, locale: input.locale, now: input.now },
          document.modules,
        )),
    pagesRepo.imagesOf(db, row.id, shareImage ? [shareImage] : []),
  ]);
  const likedByMe = !limited && row.liked_by_me;
  return presentPage(row, document, {
    modules: shown,
    limited,
    preview,
    likedByMe,
    images: imageAddresses(images),
  });
}

/**
 * Pages' modules as last read here (and their JSON, to compare with a read's), by page id, a bounded
 * number: what a read plans with.
 */
const seenModules = new WeakMap<Db, Map<number, { json: string; modules: StoredPageModule[] }>>();
const maxSeenPages = 1_000;

/**
 * A published page for the viewer. A visitor asking for a members' page gets its limited form (the
 * title and share card, never its text or modules), so the web can offer to sign in.
 *
 * The page and what its modules refer to come from one statement: the references are planned from the
 * page's modules as last read here, and used when the page still has exactly those modules; otherwise
 * (its first read here, or an edit since) they are looked up again for the modules it has.
 */
export async function readPage(db: Db, input: ReadInput & { id: number }): Promise<Page> {
  const context = { pageId: input.id, reader: input.viewer, locale: input.locale, now: input.now };
  const seen = seenModules.get(db) ?? new Map<number, { json: string; modules: StoredPageModule[] }>();
  seenModules.set(db, seen);
  const expected = seen.get(input.id);
  const plan = planReferences(db, context, expected?.modules ?? []);
  const [found, settings] = await Promise.all([
    pagesRepo.references(db, { ...context, ...plan.wanted }, readsOf(plan), true),
    getSettings(db),
  ]);
  const row = found.page;
  if (!row) throw notFound('The page');
  const json = JSON.stringify(row.modules);
  const planned = json === expected?.json;
  if (!planned) {
    if (seen.size >= maxSeenPages && !seen.has(input.id)) seen.delete(seen.keys().next().value as number);
    seen.set(input.id, { json, modules: row.modules });
  }
  const references = planned ? assembleReferences(plan, found, settings) : undefined;
  return present(db, row, publishedDocument(row, input.locale), input, false, references);
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
  return openStoredFile(deps.storage, file.path, file.mime_type, attachmentDisposition(file.name));
}
