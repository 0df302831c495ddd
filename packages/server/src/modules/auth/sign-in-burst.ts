import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { auditOrigin, recordAudit } from '../audit';

/**
 * Records a sign-in burst in the audit log: the moment the throttle starts refusing an account name
 * from an address (`subject` the name) or an address (`subject` its `ip:` key), once per throttle
 * window, never per failed attempt. It follows the counter's own statement (the sign-in's hot path
 * stays outside transactions); `after` holds the counts.
 */
export function recordSignInBurst(
  db: Db,
  request: FastifyRequest,
  subject: string,
  after: Record<string, unknown>,
): Promise<void> {
  return recordAudit(db, {
    actor: null,
    origin: auditOrigin(request),
    action: 'sign_in.burst',
    resource_type: 'sign_in',
    resource_id: subject.trim().toLowerCase().slice(0, 200),
    after,
  });
}
