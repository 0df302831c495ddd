import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inlineCount } from '../../db/inline-count';
import { files, users } from '../../db/schema';
import type { FileRow } from './presenter';

export type NewFileRow = typeof files.$inferInsert;
/** A file with its uploader's names (null when the uploader's account is gone). */
export type FileWithUploader = FileRow & {
  uploader_firstname: string | null;
  uploader_lastname: string | null;
};

/** Where files live: a group's own files (topicId null) or one topic's files. */
export interface FileScope {
  groupId: number;
  topicId: number | null;
}

const inScope = (scope: FileScope) =>
  and(
    eq(files.group_id, scope.groupId),
    scope.topicId === null ? isNull(files.topic_id) : eq(files.topic_id, scope.topicId),
  );

const withUploader = {
  id: files.id,
  group_id: files.group_id,
  topic_id: files.topic_id,
  uploader_id: files.uploader_id,
  name: files.name,
  mime_type: files.mime_type,
  size: files.size,
  path: files.path,
  created_at: files.created_at,
  uploader_firstname: users.firstname,
  uploader_lastname: users.lastname,
};

/** Queries on group and topic files; lists are always scoped to one group or topic. */
export const filesRepo = {
  async insert(db: Db, values: NewFileRow): Promise<FileWithUploader> {
    const [row] = await db.insert(files).values(values).returning();
    return (await filesRepo.find(db, row!.id))!;
  },
  async find(db: Db, id: number): Promise<FileWithUploader | undefined> {
    const [row] = await db
      .select(withUploader)
      .from(files)
      .leftJoin(users, eq(users.id, files.uploader_id))
      .where(eq(files.id, id));
    return row;
  },
  async page(db: Db, scope: FileScope, limit: number, offset: number): Promise<FileWithUploader[]> {
    return db
      .select(withUploader)
      .from(files)
      .leftJoin(users, eq(users.id, files.uploader_id))
      .where(inScope(scope))
      .orderBy(desc(files.created_at), desc(files.id))
      .limit(inlineCount(limit))
      .offset(offset);
  },
  async count(db: Db, scope: FileScope): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(files).where(inScope(scope));
    return row?.n ?? 0;
  },
  async remove(db: Db, id: number): Promise<FileRow | undefined> {
    const [row] = await db.delete(files).where(eq(files.id, id)).returning();
    return row;
  },
};
