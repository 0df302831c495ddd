import { isSuperadmin, type PermissionHolder } from '../../platform/permissions';

/** `read` the audit log. */
export type AuditAction = 'read';

/** The one rule for the audit log: superadmins read it, nobody else (no other permission opens it). */
export function can(user: PermissionHolder | null, _action: AuditAction): boolean {
  return isSuperadmin(user);
}

export const auditPolicy = { can };
