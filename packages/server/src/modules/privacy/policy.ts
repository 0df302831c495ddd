import { hasPermission, isSuperadmin, type PermissionHolder } from '../../platform/permissions';

export type DataExportActor = PermissionHolder & { id: number };

/**
 * Who may ask for a member's data export: the member themself, and the account administrators
 * (superadmins and the `users` permission, as in the member administration), where only a superadmin
 * asks for a superadmin's. An export is downloaded only by whoever asked for it.
 */
export function can(
  actor: DataExportActor,
  action: 'request' | 'download',
  target: { id: number; permissions?: readonly string[]; requested_by?: number },
): boolean {
  if (action === 'download') return target.requested_by === actor.id;
  if (actor.id === target.id) return true;
  const manager = isSuperadmin(actor) || hasPermission(actor, 'users');
  return manager && (!isSuperadmin({ permissions: target.permissions ?? [] }) || isSuperadmin(actor));
}

export const dataExportPolicy = { can };
