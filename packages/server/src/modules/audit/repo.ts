import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';

export type AuditRow = typeof auditEvents.$inferInsert;

/** Queries of the audit log. */
export const auditRepo = {
  insert(db: Db, row: AuditRow) {
    return db.insert(auditEvents).values(row);
  },
};
