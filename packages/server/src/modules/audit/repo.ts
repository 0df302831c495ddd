import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inlineCount } from '../../db/inline-count';
import { auditEvents } from '../../db/schema';

export type AuditRow = typeof auditEvents.$inferInsert;
export type AuditEventRow = typeof auditEvents.$inferSelect;

/** What the log is filtered by; every condition has an index ending in `id` (see the schema). */
export interface AuditFilter {
  before?: number | undefined;
  actorId?: number | undefined;
  resourceType?: string | undefined;
  /** An exact action (`page.update`). */
  action?: string | undefined;
  /** The resource part of the actions (`page` for `page.%`). */
  actionResource?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** Queries of the audit log. */
export const auditRepo = {
  insert(db: Db, row: AuditRow) {
    return db.insert(auditEvents).values(row);
  },
  /** One page newest first by id, one row past `limit` (to tell whether there is more). */
  page(db: Db, filter: AuditFilter, limit: number): Promise<AuditEventRow[]> {
    const t = auditEvents;
    return db
      .select()
      .from(t)
      .where(
        and(
          filter.before === undefined ? undefined : lt(t.id, filter.before),
          filter.actorId === undefined ? undefined : eq(t.actor_id, filter.actorId),
          filter.resourceType === undefined ? undefined : eq(t.resource_type, filter.resourceType),
          filter.action === undefined ? undefined : eq(t.action, filter.action),
          filter.actionResource === undefined
            ? undefined
            : sql`split_part(${t.action}, '.', 1) = ${filter.actionResource}`,
          filter.from === undefined ? undefined : gte(t.at, filter.from),
          filter.to === undefined ? undefined : lt(t.at, filter.to),
        ),
      )
      .orderBy(desc(t.id))
      .limit(inlineCount(limit + 1));
  },
  /**
   * Removes up to `batch` entries recorded before `cutoff`, oldest first (walking the `at` index);
   * returns how many it removed.
   */
  async removeBefore(db: Db, cutoff: Date, batch: number): Promise<number> {
    const oldest = db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(lt(auditEvents.at, cutoff))
      .orderBy(auditEvents.at)
      .limit(inlineCount(batch));
    const removed = await db
      .delete(auditEvents)
      .where(inArray(auditEvents.id, oldest))
      .returning({ id: auditEvents.id });
    return removed.length;
  },
};
