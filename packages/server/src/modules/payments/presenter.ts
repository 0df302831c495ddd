import type { Address, AdminOrder, AdminOrderListItem, Order, OrderListItem } from '@plaza/contract';
import type { OrderAddressRow } from '../../db/schema';
import type { OrderListRow, OrderWithItems } from './repo';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The address an order keeps, as the contract names it (it was stored from an `Address`). */
export function presentAddress(row: OrderAddressRow): Address {
  return row as unknown as Address;
}

/** The copy of an address an order keeps. */
export function addressRow(address: Address): OrderAddressRow {
  return { ...address };
}

/** The invoice PDF's address of an order. */
export const invoicePath = (id: number) => `/api/v2/orders/${id}/invoice.pdf`;

/** A member's order: the cart as it was bought and the dates of its states. */
export function presentOrder(row: OrderWithItems): Order {
  return {
    id: row.id,
    number: row.number,
    state: row.state,
    payment: {
      method: row.payment_method,
      sepa:
        row.payment_method === 'sepa'
          ? {
              account_holder: row.sepa_account_holder ?? '',
              iban_last4: row.sepa_iban_last4 ?? '',
              bic: row.sepa_bic,
            }
          : null,
      mandate_reference: row.sepa_mandate_reference,
    },
    cart: {
      currency: row.currency,
      subtotal: row.subtotal,
      shipping: row.shipping,
      tax: row.tax,
      total: row.total,
      items: row.items.map((item) => ({
        product_id: item.product_id,
        name: item.name,
        option: item.option_label,
        quantity: item.quantity,
        unit_price: item.unit_price,
        line_total: item.line_total,
        tax_rate: item.tax_rate,
      })),
    },
    invoice_address: presentAddress(row.invoice_address),
    delivery_address: row.delivery_address ? presentAddress(row.delivery_address) : null,
    created_at: row.created_at.toISOString(),
    paid_at: iso(row.paid_at),
    cancelled_at: iso(row.cancelled_at),
    refunded_at: iso(row.refunded_at),
    invoice_url: invoicePath(row.id),
  };
}

/** An order as the administration sees it: with who placed it (null once the account is deleted). */
export function presentAdminOrder(row: OrderWithItems): AdminOrder {
  return {
    ...presentOrder(row),
    user: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '' },
  };
}

export function presentListItem(row: OrderListRow): OrderListItem {
  return {
    id: row.id,
    number: row.number,
    state: row.state,
    currency: row.currency,
    total: row.total,
    item_count: row.item_count,
    created_at: row.created_at.toISOString(),
  };
}

/** The customer is named as the invoice address names them (the order's own copy). */
export function presentAdminListItem(row: OrderListRow): AdminOrderListItem {
  const address = presentAddress(row.invoice_address);
  return {
    ...presentListItem(row),
    customer: `${address.firstname ?? ''} ${address.lastname ?? ''}`.trim(),
    payment_method: row.payment_method,
  };
}
