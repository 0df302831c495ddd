import type { AuditResourceType } from '@plaza/contract';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../platform/request-context';
import { auditRepo } from './repo';

/** Where a change came from: the request's address and browser, when there was a request. */
export interface AuditOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** Who made a change: a member by id and name (null: the system or the operator's CLI). */
export type AuditActor = Pick<SessionUser, 'id' | 'firstname' | 'lastname'>;

/** One administrative change: who did what to which resource, with its state before and after. */
export interface AuditEntry {
  actor: AuditActor | null;
  origin: AuditOrigin | null;
  /** `<resource>.<verb>`, e.g. `page.update`, `member.permissions`. */
  action: string;
  resource_type: AuditResourceType;
  resource_id: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** The origin of a Fastify request (its address as the trusted proxies give it, and its browser). */
export function auditOrigin(request: { ip: string; headers: Record<string, unknown> }): AuditOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null };
}

/**
 * Records an administrative change. Pass the transaction of the change itself (`db` inside
 * `transaction(...)`), so the record and the change commit or fail together.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await auditRepo.insert(db, {
    actor_id: entry.actor?.id ?? null,
    actor_name: entry.actor ? `${entry.actor.firstname} ${entry.actor.lastname}`.trim() : null,
    action: entry.action,
    resource_type: entry.resource_type,
    resource_id: entry.resource_id === null ? null : String(entry.resource_id),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.origin?.ip ?? null,
    user_agent: entry.origin?.userAgent ?? null,
  });
}

/**
 * Runs a change and records it in one transaction: `entry` describes the change from its result. A
 * change that throws (refused, not found, a conflict) rolls back and records nothing.
 */
export async function auditedChange<T>(
  db: Db,
  change: (tx: Db) => Promise<T>,
  entry: (result: T) => AuditEntry,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await change(tx);
    await recordAudit(tx, entry(result));
    return result;
  });
}

/** The fields of `after` whose value differs from `before`'s, as the before and after of an entry. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}
