import type { JobState } from '@plaza/contract';
import { hasPermission, isSuperadmin, type PermissionHolder } from '../../platform/permissions';

/** `read`: see a job on the board; `manage`: create, edit, publish, close and delete jobs. */
export type JobAction = 'read' | 'manage';

/**
 * Who may do what with jobs: superadmins and the `jobs` permission manage them; signed-in members read
 * open jobs only (the list filters the same in its query: `jobs-sql.ts` `listedJobs`), so a draft or a
 * closed job is, to a reader, like one that does not exist.
 */
export function can(user: PermissionHolder | null, action: JobAction, job?: { state: JobState }): boolean {
  if (action === 'manage') return isSuperadmin(user) || hasPermission(user, 'jobs');
  return Boolean(user) && job?.state === 'open';
}

export const jobPolicy = { can };
