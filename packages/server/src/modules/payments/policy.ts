import { hasPermission, isSuperadmin, type PermissionHolder } from '../../platform/permissions';

/** `buy`: pay the own cart; `read`: see an order and its invoice; `manage`: the administration's orders. */
export type OrderAction = 'buy' | 'read' | 'manage';

/**
 * Who may do what with orders: every signed-in member buys and reads their own orders (another's is,
 * to them, like one that does not exist); superadmins and the `shop` permission see and move every order.
 */
export function can(
  user: (PermissionHolder & { id: number }) | null,
  action: OrderAction,
  order?: { user_id: number | null },
): boolean {
  if (!user) return false;
  if (action === 'manage') return isSuperadmin(user) || hasPermission(user, 'shop');
  if (action === 'buy') return true;
  return order !== undefined && order.user_id === user.id;
}

export const orderPolicy = { can };
