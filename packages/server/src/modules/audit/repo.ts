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

/**
 * Ids and times rise together (each entry is written at its `now()`), apart from transactions that
 * overlap by moments: a time bound's id, found on the `at` index, widened by this many ids, bounds the
 * walk by id exactly. Without it, a range long past would walk every newer entry by id first.
 */
const idSlack = 1000;
const t = auditEvents;
/** The id bound below the entries before `to`: the latest such entry's id, widened. */
const idsBefore = (to: Date) =>
  sql`(select ${t.id} from ${t} where ${t.at} < ${to} order by ${t.at} desc limit 1) + ${idSlack}`;
/** The id bound above the entries from `from` on: the earliest such entry's id, widened. */
const idsFrom = (from: Date) =>
  sql`(select ${t.id} from ${t} where ${t.at} >= ${from} order by ${t.at} limit 1) - ${idSlack}`;

/** Queries of the audit log. */
export const auditRepo = {
  insert(db: Db, row: AuditRow) {
    return db.insert(auditEvents).values(row);
  },
  /** One page newest first by id, one row past `limit` (to tell whether there is more). */
  page(db: Db, filter: AuditFilter, limit: number): Promise<AuditEventRow[]> {
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
          filter.from === undefined
            ? undefined
            : and(gte(t.at, filter.from), sql`${t.id} >= ${idsFrom(filter.from)}`),
          filter.to === undefined
            ? undefined
            : and(lt(t.at, filter.to), sql`${t.id} <= ${idsBefore(filter.to)}`),
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
