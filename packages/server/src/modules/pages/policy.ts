import { isSuperadmin, type PermissionHolder } from '../../platform/permissions';

/** `manage`: create, edit, publish and delete pages and their files, name them in the pages map. */
export type PageAction = 'manage';

/**
 * Who may do what with CMS pages: superadmins manage them. Reading is decided per page by its state
 * (published, publish date come) and visibility, in the repository's read condition and `readMode`.
 */
export function can(user: PermissionHolder | null, _action: PageAction): boolean {
  return isSuperadmin(user);
}

/** How a reader gets a published page: whole, or limited (a visitor asking for a members' page). */
export function readMode(reader: unknown, visibility: 'all' | 'members'): 'full' | 'limited' {
  return visibility === 'all' || reader ? 'full' : 'limited';
}

export const pagePolicy = { can, readMode };
