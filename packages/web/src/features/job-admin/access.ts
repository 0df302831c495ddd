import { useSession } from '../../app/session';

/** Whether the member manages jobs: superadmins and the jobs permission (the server's jobs policy). */
export function useManagesJobs(): boolean {
  const { user } = useSession();
  return Boolean(user && (user.permissions.includes('superadmin') || user.permissions.includes('jobs')));
}
