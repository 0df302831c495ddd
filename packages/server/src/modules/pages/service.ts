import type { Locale, Page } from '@plaza/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { sanitizeArticleHtml } from '../../platform/html-sanitizer';
import type { SessionUser } from '../../platform/request-context';
import { type NewPageRow, type PageRow, pagesRepo } from './repo';

/** Title and content in `locale` when the page has that translation, else as written. */
function present(row: PageRow, locale: Locale): Page {
  const translated = row.translations[locale];
  return {
    id: row.id,
    type: row.type,
    title: translated?.title ?? row.title,
    content: translated?.content ?? row.content,
    visibility: row.visibility,
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * A published page for the viewer. A members' page is not found for a visitor rather than refused,
 * so a signed-out caller cannot tell which ids exist.
 */
export async function readPage(
  db: Db,
  input: { id: number; viewer: SessionUser | null; locale: Locale; now: Date },
): Promise<Page> {
  const row = await pagesRepo.published(db, input.id, input.now);
  if (!row || (row.visibility !== 'all' && !input.viewer)) throw notFound('The page');
  return present(row, input.locale);
}

export type NewPage = Pick<NewPageRow, 'type' | 'title' | 'content' | 'visibility' | 'translations'>;

/** Stores a page; its HTML (the translations' too) is sanitised like an article's. Returns its id. */
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
