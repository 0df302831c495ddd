import { type AuditEvent, adminLimits, type auditQuerySchema } from '@plaza/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { auditPolicy } from './policy';
import { presentAuditEvent } from './presenter';
import { auditRepo } from './repo';

export type AuditQuery = z.output<typeof auditQuerySchema>;

/** A time filter as a date; 400 naming the field for a date the calendar lacks (month 16). */
function moment(value: string | undefined, field: 'from' | 'to'): Date | undefined {
  if (value === undefined) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) {
    throw new AppError(400, 'validation_failed', `${field}: not a date of the calendar`, field);
  }
  return at;
}

/** The audit log newest first, one keyset page (superadmins only). */
export async function listAudit(
  db: Db,
  user: SessionUser,
  query: AuditQuery,
): Promise<{ results: AuditEvent[]; next_before: number | null }> {
  if (!auditPolicy.can(user, 'read')) throw forbidden('Only a superadmin may read the audit log.');
  const limit = adminLimits.auditPageSize;
  const exact = query.action?.includes('.');
  const rows = await auditRepo.page(
    db,
    {
      before: query.before,
      actorId: query.actor_id,
      resourceType: query.resource_type,
      action: exact ? query.action : undefined,
      actionResource: exact ? undefined : query.action,
      from: moment(query.from, 'from'),
      to: moment(query.to, 'to'),
    },
    limit,
  );
  const shown = rows.slice(0, limit);
  return {
    results: shown.map(presentAuditEvent),
    next_before: rows.length > limit ? shown[shown.length - 1]!.id : null,
  };
}

/** Entries removed per housekeeping run at most (the job runs hourly, so a backlog drains in steps). */
export const auditRetentionBatch = 10_000;

/** Removes audit entries older than `retentionDays` before `now`, one bounded batch; returns the count. */
export function removeExpiredAudit(db: Db, now: Date, retentionDays: number): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  return auditRepo.removeBefore(db, cutoff, auditRetentionBatch);
}
