import type { AuditEvent, AuditResourceType } from '@plaza/contract';
import type { AuditEventRow } from './repo';

/** An audit row as the contract's `AuditEvent`: the actor by id and the name kept at the time. */
export function presentAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor:
      row.actor_id === null && row.actor_name === null
        ? null
        : { id: row.actor_id, name: row.actor_name ?? '' },
    action: row.action,
    resource_type: row.resource_type as AuditResourceType,
    resource_id: row.resource_id,
    before: row.before,
    after: row.after,
    ip: row.ip,
    user_agent: row.user_agent,
  };
}
