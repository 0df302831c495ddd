import {
  type AdminOrder,
  type AdminOrderListItem,
  type Order,
  type OrderListItem,
  type OrderState,
  orderTransitions,
  shopLimits,
} from '@plaza/contract';
import { AppError, forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { type AuditOrigin, recordAudit } from '../audit';
import { returnStock } from '../shop';
import type { PaymentDeps } from './deps';
import { invoiceFileName, invoicePdf } from './invoice-pdf';
import { orderPolicy } from './policy';
import { presentAdminListItem, presentAdminOrder, presentListItem, presentOrder } from './presenter';
import { type OrderListRow, type OrderWithItems, ordersRepo } from './repo';

type Page<T> = { results: T[]; next_before: number | null };

function page<T>(rows: OrderListRow[], size: number, present: (row: OrderListRow) => T): Page<T> {
  const shown = rows.slice(0, size);
  return {
    results: shown.map(present),
    next_before: rows.length > size ? shown[shown.length - 1]!.id : null,
  };
}

/** One of the member's own orders; another's answers 404 as a missing one does. */
async function ownOrder(
  deps: Pick<PaymentDeps, 'db'>,
  user: SessionUser,
  id: number,
): Promise<OrderWithItems> {
  const row = await ordersRepo.byId(deps.db, id);
  if (!row || !orderPolicy.can(user, 'read', row)) throw notFound('The order');
  return row;
}

/** The member's orders, newest first (a keyset page: `before` is the last id of the previous one). */
export async function listOrders(
  deps: Pick<PaymentDeps, 'db'>,
  user: SessionUser,
  before: number | undefined,
): Promise<Page<OrderListItem>> {
  const size = shopLimits.ordersPageSize;
  return page(await ordersRepo.listForUser(deps.db, user.id, before, size + 1), size, presentListItem);
}

export async function readOrder(
  deps: Pick<PaymentDeps, 'db'>,
  user: SessionUser,
  id: number,
): Promise<Order> {
  return presentOrder(await ownOrder(deps, user, id));
}

/** The invoice of one of the member's own orders: the PDF and its file name. */
export async function orderInvoice(
  deps: Pick<PaymentDeps, 'db' | 'seller'>,
  user: SessionUser,
  id: number,
): Promise<{ pdf: Buffer; fileName: string }> {
  const order = await ownOrder(deps, user, id);
  return { pdf: await invoicePdf(order, await deps.seller(deps.db)), fileName: invoiceFileName(order) };
}

function requireManager(user: SessionUser): void {
  if (!orderPolicy.can(user, 'manage')) {
    throw forbidden('Only a superadmin or the shop permission may manage orders.');
  }
}

/** Every order, or those of one state, newest first. */
export async function listAdminOrders(
  deps: Pick<PaymentDeps, 'db'>,
  user: SessionUser,
  query: { before?: number; state?: OrderState },
): Promise<Page<AdminOrderListItem>> {
  requireManager(user);
  const size = shopLimits.adminListPageSize;
  return page(await ordersRepo.adminList(deps.db, { ...query, limit: size + 1 }), size, presentAdminListItem);
}

export async function readAdminOrder(
  deps: Pick<PaymentDeps, 'db'>,
  user: SessionUser,
  id: number,
): Promise<AdminOrder> {
  requireManager(user);
  const row = await ordersRepo.byId(deps.db, id);
  if (!row) throw notFound('The order');
  return presentAdminOrder(row);
}

/**
 * Moves an order along `orderTransitions` (409 otherwise): `paid` (an invoice or debit settled),
 * `cancelled` (its stock goes back), `refunded` (a card payment is refunded through its provider first;
 * if that fails nothing changes).
 */
export async function setOrderState(
  deps: PaymentDeps,
  user: SessionUser,
  id: number,
  to: OrderState,
  origin: AuditOrigin,
): Promise<AdminOrder> {
  requireManager(user);
  const current = await ordersRepo.byId(deps.db, id);
  if (!current) throw notFound('The order');
  const from = current.state;
  if (to === 'placed' || !orderTransitions[from].includes(to)) {
    throw new AppError(409, 'conflict', `An order that is ${from} cannot become ${to}.`, 'state');
  }
  await deps.db.transaction(async (tx) => {
    const moved = await ordersRepo.move(tx, id, from, to, deps.now());
    if (!moved) throw new AppError(409, 'conflict', 'The order was changed meanwhile.', 'state');
    if (to === 'cancelled') await returnStock(tx, await ordersRepo.stockLines(tx, id));
    if (to === 'refunded') {
      const provider = deps.providers.get(moved.payment_method);
      // A card payment goes back through its provider; without it configured nothing is refunded.
      if (!provider && moved.payment_method === 'stripe') {
        throw new AppError(502, 'payment_provider_failed', 'Stripe is not configured: nothing was refunded.');
      }
      await provider?.refund({ id, ...moved });
    }
    await recordAudit(tx, {
      actor: user,
      origin,
      action: `order.${to}`,
      resource_type: 'order',
      resource_id: id,
      before: { state: from },
      after: { state: to },
    });
  });
  return readAdminOrder(deps, user, id);
}
