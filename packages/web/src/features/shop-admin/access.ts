import { useSession } from '../../app/session';

/** Whether the member manages the shop: superadmins and the shop permission (the server's shop policy). */
export function useManagesShop(): boolean {
  const { user } = useSession();
  return Boolean(user && (user.permissions.includes('superadmin') || user.permissions.includes('shop')));
}
