import { hasPermission, isSuperadmin, type PermissionHolder } from '../../platform/permissions';

/** `read`: see a product in the shop; `manage`: create, edit, stock and delete products. */
export type ShopAction = 'read' | 'manage';

/**
 * Who may do what in the shop: superadmins and the `shop` permission manage the catalogue; signed-in
 * members read active products (the catalogue filters the same in its query: `products_active_idx`)
 * and keep their own cart only (every cart query is bound to the caller's id, so another member's line
 * is, to them, one that does not exist).
 */
export function can(
  user: PermissionHolder | null,
  action: ShopAction,
  product?: { active: boolean },
): boolean {
  if (action === 'manage') return isSuperadmin(user) || hasPermission(user, 'shop');
  return Boolean(user) && product?.active === true;
}

export const shopPolicy = { can };
