import {
  type AdminPage,
  type AdminPageListItem,
  type Locale,
  type PageDraft,
  type PageDraftInput,
  type PageFile,
  type PagesMap,
  type PageType,
  pageDraftSchema,
  pageFileLink,
  pageLimits,
  type UploadedImage,
} from '@plaza/contract';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { type AuditOrigin, recordAudit } from '../audit';
import { forgetNewsTeasers } from '../news';
import { forgetSettingsDocuments, getSettings, setSettingByPath } from '../settings';
import {
  deleteStoredFiles,
  type ReceivedUpload,
  storeCheckedFile,
  type UploadDeps,
  uploadImage,
} from '../uploads';
import { referencedUploads, storedModules } from './module-input';
import { pagePolicy } from './policy';
import { draftDocument, type PageDocument } from './presenter';
import { localTitle } from './references';
import { type PageRow, pagesRepo } from './repo';

function requireManager(user: SessionUser): void {
  if (!pagePolicy.can(user, 'manage')) throw forbidden('Only a superadmin may manage pages.');
}

function status(row: PageRow): AdminPage['status'] {
  if (row.published) return 'published';
  return row.first_published_at ? 'unpublished' : 'draft';
}

/** The pages map keys naming a page. */
function assignedAs(map: PagesMap, id: number): string[] {
  return Object.entries(map)
    .filter(([, value]) => value === id)
    .map(([key]) => key);
}

function presentAdminPage(row: PageRow, map: PagesMap): AdminPage {
  const { content: _content, ...draft } = draftDocument(row);
  return {
    id: row.id,
    status: status(row),
    has_unpublished_changes: row.draft !== null,
    draft,
    preview_id: row.preview_id,
    assigned_as: assignedAs(map, row.id),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * A list row's title: the draft's new title while it renames the page, else the page's title in the
 * reader's language (legal pages are stored in German with an English translation).
 */
function listTitle(row: PageRow, document: PageDocument, locale: Locale): string {
  return document.title !== row.title ? document.title : localTitle(row, locale);
}

function presentListItem(row: PageRow, map: PagesMap, locale: Locale): AdminPageListItem {
  const document = draftDocument(row);
  return {
    id: row.id,
    type: document.type,
    title: listTitle(row, document, locale),
    status: status(row),
    has_unpublished_changes: row.draft !== null,
    visibility: document.visibility,
    assigned_as: assignedAs(map, row.id),
    updated_at: row.updated_at.toISOString(),
  };
}

/** What the audit log keeps of a page: its draft's title, type and visibility, and its status. */
function audited(row: PageRow) {
  const document = draftDocument(row);
  return { title: document.title, type: document.type, visibility: document.visibility, status: status(row) };
}

/** Records a change of a page in the change's transaction. */
function auditPage(
  tx: Db,
  user: SessionUser,
  origin: AuditOrigin,
  verb: string,
  id: number,
  change: { before?: unknown; after?: unknown },
) {
  return recordAudit(tx, {
    actor: user,
    origin,
    action: `page.${verb}`,
    resource_type: 'page',
    resource_id: id,
    ...change,
  });
}

async function answer(db: Db, row: PageRow): Promise<AdminPage> {
  return presentAdminPage(row, (await getSettings(db)).pages);
}

async function pageToManage(db: Db, user: SessionUser, id: number): Promise<PageRow> {
  requireManager(user);
  const row = await pagesRepo.byId(db, id);
  if (!row) throw notFound('The page');
  return row;
}

/**
 * Runs a page's change with its audit entry in one transaction, and once it commits drops what the
 * instances keep of pages (and of the settings, when it changed the pages map); a rollback changed
 * nothing to drop.
 */
async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>, pagesMap = false): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await work(tx);
    forgetNewsTeasers(tx);
    if (pagesMap) forgetSettingsDocuments(tx);
    return result;
  });
}

/** Changes a page and records it (before and after) in one transaction; the changed row. */
async function changePage(
  db: Db,
  user: SessionUser,
  origin: AuditOrigin,
  verb: string,
  current: PageRow,
  values: Parameters<typeof pagesRepo.update>[2],
): Promise<PageRow> {
  return inTransaction(db, async (tx) => {
    const row = await pagesRepo.update(tx, current.id, values);
    if (!row) throw notFound('The page');
    await auditPage(tx, user, origin, verb, row.id, { before: audited(current), after: audited(row) });
    return row;
  });
}

/** The draft to store: modules sanitised with ids, and every named upload one of this page's. */
async function draftToStore(db: Db, pageId: number | null, draft: PageDraft) {
  const modules = storedModules(draft.modules);
  const uploads = referencedUploads(draft);
  if (uploads.imageIds.length + uploads.fileIds.length > 0) {
    if (pageId === null) throw badRequest('Upload images and files after the page is created.', 'modules');
    const [images, files] = await Promise.all([
      pagesRepo.imagesOf(db, pageId, uploads.imageIds),
      pagesRepo.filesOf(db, pageId, uploads.fileIds),
    ]);
    const missingImage = uploads.imageIds.find((id) => !images.some((row) => row.id === id));
    if (missingImage) throw badRequest(`Image ${missingImage} was not uploaded for this page.`, 'modules');
    const missingFile = uploads.fileIds.find((id) => !files.some((row) => row.id === id));
    if (missingFile) throw badRequest(`File ${missingFile} was not uploaded for this page.`, 'modules');
  }
  return { ...draft, modules };
}

/** The administration's list of pages, newest first. */
export async function listAdminPages(
  db: Db,
  user: SessionUser,
  query: { before?: number; type?: PageType },
  locale: Locale,
) {
  requireManager(user);
  const limit = pageLimits.adminListPageSize;
  const [rows, settings] = await Promise.all([
    pagesRepo.list(db, { ...query, limit: limit + 1 }),
    getSettings(db),
  ]);
  const shown = rows.slice(0, limit);
  return {
    results: shown.map((row) => presentListItem(row, settings.pages, locale)),
    next_before: rows.length > limit ? shown[shown.length - 1]!.id : null,
  };
}

/** A new page from a draft, not yet published. */
export async function createDraftPage(
  db: Db,
  user: SessionUser,
  input: PageDraft,
  origin: AuditOrigin,
): Promise<AdminPage> {
  requireManager(user);
  const draft = await draftToStore(db, null, input);
  const row = await inTransaction(db, async (tx) => {
    const inserted = await pagesRepo.insert(tx, {
      ...draft,
      author_id: user.id,
      published: false,
      first_published_at: null,
      draft,
    });
    await auditPage(tx, user, origin, 'create', inserted.id, { after: audited(inserted) });
    return inserted;
  });
  return answer(db, row);
}

export async function readAdminPage(db: Db, user: SessionUser, id: number): Promise<AdminPage> {
  return answer(db, await pageToManage(db, user, id));
}

/** Saves the draft; readers keep the published version until it is published. */
export async function saveDraft(
  db: Db,
  user: SessionUser,
  id: number,
  input: PageDraft,
  origin: AuditOrigin,
): Promise<AdminPage> {
  const current = await pageToManage(db, user, id);
  const draft = await draftToStore(db, id, input);
  const row = await changePage(db, user, origin, 'update', current, { draft });
  return answer(db, row);
}

/** Publishes the draft (a page published the first time is dated now). */
export async function publishPage(
  db: Db,
  user: SessionUser,
  id: number,
  now: Date,
  origin: AuditOrigin,
): Promise<AdminPage> {
  const current = await pageToManage(db, user, id);
  const { content: _content, ...document } = draftDocument(current);
  const firstTime = current.first_published_at === null;
  const row = await changePage(db, user, origin, 'publish', current, {
    ...document,
    draft: null,
    published: true,
    ...(firstTime ? { first_published_at: now, publish_date: now } : {}),
  });
  return answer(db, row);
}

/** Takes a page offline; its draft and published version stay for the editor. */
export async function unpublishPage(
  db: Db,
  user: SessionUser,
  id: number,
  origin: AuditOrigin,
): Promise<AdminPage> {
  const current = await pageToManage(db, user, id);
  const row = await changePage(db, user, origin, 'unpublish', current, { published: false });
  return answer(db, row);
}

/** Names the page in the settings' pages map under `keys`, and under no other key. */
export async function assignPage(
  db: Db,
  user: SessionUser,
  id: number,
  keys: string[],
  origin: AuditOrigin,
): Promise<AdminPage> {
  const row = await pageToManage(db, user, id);
  const map = (await getSettings(db)).pages;
  const next: Record<string, number | null> = {};
  for (const [key, value] of Object.entries(map)) if (value === id && !keys.includes(key)) next[key] = null;
  for (const key of keys) next[key] = id;
  await inTransaction(
    db,
    async (tx) => {
      await setSettingByPath(tx, 'pages', next);
      await auditPage(tx, user, origin, 'assign', id, {
        before: { assigned_as: assignedAs(map, id) },
        after: { assigned_as: keys },
      });
    },
    true,
  );
  return answer(db, row);
}

/** Deletes a page with its files, and clears the pages map's keys that named it. */
export async function deletePage(
  deps: UploadDeps,
  user: SessionUser,
  id: number,
  origin: AuditOrigin,
): Promise<{ success: true }> {
  const current = await pageToManage(deps.db, user, id);
  const paths = await inTransaction(
    deps.db,
    async (tx) => {
      const removed = await pagesRepo.remove(tx, id);
      if (!removed) throw notFound('The page');
      const map = (await getSettings(tx)).pages;
      const cleared = Object.fromEntries(assignedAs(map, id).map((key) => [key, null]));
      if (Object.keys(cleared).length > 0) await setSettingByPath(tx, 'pages', cleared);
      await auditPage(tx, user, origin, 'delete', id, { before: audited(current) });
      return removed;
    },
    true,
  );
  await deleteStoredFiles(deps.storage, paths);
  return { success: true };
}

/** An image for a gallery or the share card, checked by content and kept while the page exists. */
export async function uploadPageImage(
  deps: UploadDeps,
  user: SessionUser,
  id: number,
  receive: () => Promise<ReceivedUpload>,
): Promise<UploadedImage> {
  await pageToManage(deps.db, user, id);
  const image = await uploadImage(deps, user, await receive());
  await pagesRepo.attachImage(deps.db, id, image.id);
  return image;
}

/** A file for a downloads module or an article's attachments, its type found in its content. */
export async function uploadPageFile(
  deps: UploadDeps,
  user: SessionUser,
  id: number,
  receive: () => Promise<ReceivedUpload>,
): Promise<PageFile> {
  await pageToManage(deps.db, user, id);
  const row = await storeCheckedFile(deps.storage, await receive(), (file) =>
    pagesRepo.insertFile(deps.db, { page_id: id, uploader_id: user.id, ...file }),
  );
  return { id: row.id, name: row.name, type: row.mime_type, size: row.size, link: pageFileLink(id, row.id) };
}

/**
 * Stores and publishes a page from a draft in one step, without a superadmin at hand (the demo seed);
 * the draft goes through the same contract validation and sanitising as the editor's.
 */
export async function createPublishedPage(
  db: Db,
  input: PageDraftInput,
  authorId: number | null,
): Promise<number> {
  const draft = await draftToStore(db, null, pageDraftSchema.parse(input));
  const row = await pagesRepo.insert(db, { ...draft, author_id: authorId, published: true });
  return row.id;
}
