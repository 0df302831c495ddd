import { createHash } from 'node:crypto';
import type { PageType } from '@plaza/contract';
import {
  and,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lt,
  lte,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { anyId } from '../../db/any-id';
import type { Db } from '../../db/client';
import type { ColumnRead } from '../../db/column-read';
import { inlineCount } from '../../db/inline-count';
import { jsonObject } from '../../db/json-object';
import { preparedQuery } from '../../db/prepared-query';
import { images, likes, pageFiles, pageImages, pages, users } from '../../db/schema';
import { forgetNewsTeasers } from '../news';

/** Every column of a page but its search document (a large tsvector no reader needs). */
const { search_vector: _searchVector, ...pageColumns } = getTableColumns(pages);

export type PageRow = Omit<typeof pages.$inferSelect, 'search_vector'>;
export type NewPageRow = typeof pages.$inferInsert;
export type PageFileRow = typeof pageFiles.$inferSelect;

/** What a page's modules refer to (`pagesRepo.references`). */
export interface PageReferences {
  images: Pick<typeof images.$inferSelect, 'id' | 'path' | 'width' | 'height'>[];
  files: Pick<PageFileRow, 'id' | 'mime_type' | 'size'>[];
  titles: Pick<PageRow, 'id' | 'title' | 'translations'>[];
  members: Pick<typeof users.$inferSelect, 'id' | 'firstname' | 'lastname' | 'img_path' | 'position'>[];
}

/** Who reads: a member (by id) or a signed-out visitor (null). */
export type PageReader = { id: number } | null;

/** Published pages whose publish date has come (the placeholder `now`), and only public ones for a visitor. */
function readable(reader: PageReader): SQL {
  return and(
    eq(pages.published, true),
    lte(pages.publish_date, sql.placeholder('now')),
    reader ? undefined : eq(pages.visibility, 'all'),
  )!;
}

/**
 * Whether the reader (a member's id, or null for a visitor: false) likes the page; articles' likes are
 * `news` likes. Qualified by hand: drizzle writes a single table's columns unqualified, so a bare "id" in
 * the sub-select would be the like's own.
 */
const likedBy = (reader: Placeholder | number | null) =>
  sql<boolean>`exists (select 1 from ${likes} l where l.target_type = 'news' and l.target_id = "pages"."id" and l.user_id = ${reader})`;

/** Queries on CMS pages other than the news stream's articles (news/repo.ts). */
export const pagesRepo = {
  /**
   * A published page whose publish date has come (public or not), or undefined, with whether `readerId`
   * likes it (false for a visitor, null): one statement for what every page read needs.
   */
  async published(
    db: Db,
    id: number,
    now: Date,
    readerId: number | null,
  ): Promise<(PageRow & { liked_by_me: boolean }) | undefined> {
    const query = preparedQuery(db, 'page_published', (name) =>
      db
        .select({
          ...pageColumns,
          liked_by_me: likedBy(sql.placeholder('reader')),
        })
        .from(pages)
        .where(
          and(
            eq(pages.id, sql.placeholder('id')),
            eq(pages.published, true),
            lte(pages.publish_date, sql.placeholder('now')),
          ),
        )
        .prepare(name),
    );
    const [row] = await query.execute({ id, now, reader: readerId });
    return row;
  },
  async byId(db: Db, id: number): Promise<PageRow | undefined> {
    const [row] = await db.select(pageColumns).from(pages).where(eq(pages.id, id));
    return row;
  },
  /** A page by its preview id (draft or not), with whether `readerId` likes it, or undefined. */
  async byPreviewId(
    db: Db,
    previewId: string,
    readerId: number | null,
  ): Promise<(PageRow & { liked_by_me: boolean }) | undefined> {
    const [row] = await db
      .select({ ...pageColumns, liked_by_me: likedBy(readerId) })
      .from(pages)
      .where(eq(pages.preview_id, previewId));
    return row;
  },
  // Every write of a page or its files drops the news teasers kept by the instances (they show articles).
  async insert(db: Db, values: NewPageRow): Promise<PageRow> {
    const [row] = await db.insert(pages).values(values).returning(pageColumns);
    forgetNewsTeasers(db);
    return row!;
  },
  async update(db: Db, id: number, values: Partial<NewPageRow>): Promise<PageRow | undefined> {
    const [row] = await db
      .update(pages)
      .set({ ...values, updated_at: new Date() })
      .where(eq(pages.id, id))
      .returning(pageColumns);
    forgetNewsTeasers(db);
    return row;
  },
  /** Deletes a page (its files' and images' links go with it); returns its files' stored paths. */
  async remove(db: Db, id: number): Promise<string[] | undefined> {
    return db
      .transaction(async (tx) => {
        const files = await tx
          .select({ path: pageFiles.path })
          .from(pageFiles)
          .where(eq(pageFiles.page_id, id));
        const [row] = await tx.delete(pages).where(eq(pages.id, id)).returning({ id: pages.id });
        return row ? files.map((file) => file.path) : undefined;
      })
      .finally(() => forgetNewsTeasers(db));
  },
  /** The administration's list: newest id first, after `before`. */
  async list(db: Db, input: { before?: number; type?: PageType; limit: number }): Promise<PageRow[]> {
    return db
      .select(pageColumns)
      .from(pages)
      .where(
        and(
          input.before ? lt(pages.id, input.before) : undefined,
          input.type ? eq(pages.type, input.type) : undefined,
        ),
      )
      .orderBy(desc(pages.id))
      .limit(inlineCount(input.limit));
  },
  /** Titles of the pages among `ids` the reader may read. */
  async readableTitles(
    db: Db,
    reader: PageReader,
    ids: number[],
    now: Date,
  ): Promise<Pick<PageRow, 'id' | 'title' | 'translations'>[]> {
    if (ids.length === 0) return [];
    const query = preparedQuery(db, `page_readable_titles_${reader ? 'member' : 'visitor'}`, (name) =>
      db
        .select({ id: pages.id, title: pages.title, translations: pages.translations })
        .from(pages)
        .where(and(anyId(pages.id, sql.placeholder('ids')), readable(reader)))
        .prepare(name),
    );
    return query.execute({ ids, now });
  },
  /** Links images to a page so the cleanup of unattached images keeps them. */
  async attachImage(db: Db, pageId: number, imageId: number): Promise<void> {
    await db.insert(pageImages).values({ page_id: pageId, image_id: imageId }).onConflictDoNothing();
  },
  /** The page's images among `ids`. */
  async imagesOf(db: Db, pageId: number, ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select({ id: images.id, path: images.path, width: images.width, height: images.height })
      .from(pageImages)
      .innerJoin(images, eq(images.id, pageImages.image_id))
      .where(and(eq(pageImages.page_id, pageId), inArray(pageImages.image_id, ids)));
  },
  async insertFile(db: Db, values: typeof pageFiles.$inferInsert): Promise<PageFileRow> {
    const [row] = await db.insert(pageFiles).values(values).returning();
    forgetNewsTeasers(db);
    return row!;
  },
  async file(db: Db, pageId: number, fileId: number): Promise<PageFileRow | undefined> {
    const [row] = await db
      .select()
      .from(pageFiles)
      .where(and(eq(pageFiles.page_id, pageId), eq(pageFiles.id, fileId)));
    return row;
  },
  /** The page's files among `ids`. */
  async filesOf(db: Db, pageId: number, ids: number[]): Promise<PageFileRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(pageFiles)
      .where(and(eq(pageFiles.page_id, pageId), inArray(pageFiles.id, ids)));
  },
  /**
   * What a page's modules refer to, in one statement of one row: the page's images and files among
   * their ids, the titles of the pages among `pages` the reader may read, the active members among
   * `members` (for profile teasers), and other modules' reads (`ColumnRead`) as more columns, whose
   * values come back in their order. A list without ids is no lookup. `withPage` reads the page itself
   * in the same statement (published, its publish date come, with whether the reader likes it; null
   * when not), as `published` does. Prepared once per shape (which lists and reads a page has, and
   * whether it reads the page), so a page's request runs it without building it.
   */
  async references(
    db: Db,
    wanted: {
      pageId: number;
      reader: PageReader;
      now: Date;
      images: number[];
      files: number[];
      pages: number[];
      members: number[];
    },
    reads: Omit<ColumnRead<unknown>, 'read'>[],
    withPage = false,
  ): Promise<PageReferences & { reads: unknown[]; page: (PageRow & { liked_by_me: boolean }) | null }> {
    const present = (ids: number[]) => (ids.length ? '1' : '0');
    const lists = `${present(wanted.images)}${present(wanted.files)}${present(wanted.pages)}${present(wanted.members)}`;
    const shape = `${withPage ? 'page_' : ''}${lists}_${wanted.reader ? 'member' : 'visitor'}_${reads.map((read) => read.shape).join('.')}`;
    const name = `page_references_${createHash('sha1').update(shape).digest('base64url').slice(0, 22)}`;
    const query = preparedQuery(db, name, (prepared) => {
      const value = (key: string) => sql.placeholder(key);
      const list = (ids: number[], json: SQL) => (ids.length ? json : sql`'[]'::json`);
      return db
        .select({
          images: sql<PageReferences['images']>`${list(
            wanted.images,
            sql`(select coalesce(json_agg(${jsonObject({ id: images.id, path: images.path, width: images.width, height: images.height })}), '[]'::json)
              from ${pageImages} join ${images} on ${images.id} = ${pageImages.image_id}
              where ${pageImages.page_id} = ${value('page')} and ${anyId(pageImages.image_id, value('images'))})`,
          )}`,
          files: sql<PageReferences['files']>`${list(
            wanted.files,
            sql`(select coalesce(json_agg(${jsonObject({ id: pageFiles.id, mime_type: pageFiles.mime_type, size: pageFiles.size })}), '[]'::json)
              from ${pageFiles} where ${pageFiles.page_id} = ${value('page')} and ${anyId(pageFiles.id, value('files'))})`,
          )}`,
          titles: sql<PageReferences['titles']>`${list(
            wanted.pages,
            sql`(select coalesce(json_agg(${jsonObject({ id: pages.id, title: pages.title, translations: pages.translations })}), '[]'::json)
              from ${pages} where ${anyId(pages.id, value('pages'))} and ${readable(wanted.reader)})`,
          )}`,
          members: sql<PageReferences['members']>`${list(
            wanted.members,
            sql`(select coalesce(json_agg(${jsonObject({ id: users.id, firstname: users.firstname, lastname: users.lastname, img_path: users.img_path, position: users.position })}), '[]'::json)
              from ${users} where ${anyId(users.id, value('members'))} and ${isNull(users.deactivated_at)})`,
          )}`,
          ...Object.fromEntries(
            reads.map((read, index) => [`read_${index}`, read.sql((key) => value(`read_${index}_${key}`))]),
          ),
          page: { ...pageColumns, liked_by_me: likedBy(value('reader')) },
        })
        .from(sql`(select 1) as one`)
        .leftJoin(
          pages,
          withPage
            ? and(
                eq(pages.id, value('page')),
                eq(pages.published, true),
                lte(pages.publish_date, value('now')),
              )
            : sql`false`,
        )
        .prepare(prepared);
    });
    const [row] = await query.execute({
      page: wanted.pageId,
      reader: wanted.reader?.id ?? null,
      now: wanted.now,
      images: wanted.images,
      files: wanted.files,
      pages: wanted.pages,
      members: wanted.members,
      ...Object.fromEntries(
        reads.flatMap((read, index) =>
          Object.entries(read.values).map(([key, v]) => [`read_${index}_${key}`, v]),
        ),
      ),
    });
    const found = row as unknown as PageReferences & Record<string, unknown>;
    return {
      images: found.images,
      files: found.files,
      titles: found.titles,
      members: found.members,
      reads: reads.map((_, index) => found[`read_${index}`]),
      page: row!.page,
    };
  },
};
