import type { AddressInput } from '@plaza/contract/profile';
import type { CartResponse, Order, PaymentInput, UpdateCartItemInput } from '@plaza/contract/shop';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';
import { shopKeys } from '../../lib/shop';

/** How often and how long an order page asks again while a card payment is being confirmed. */
export const confirmPolling = { intervalMs: 5_000, forMs: 60_000 };

/** The payment providers configured on this server (spec 7 `services`). */
export const paymentServicesQuery = () =>
  queryOptions({
    queryKey: shopKeys.payments(),
    queryFn: () => call(routes.shop.paymentServices),
    select: (data) => data.services,
    staleTime: 5 * 60_000,
  });

/** The member's orders, newest first, a keyset page at a time (`before` the last id shown). */
export const ordersQuery = () =>
  infiniteQueryOptions({
    queryKey: shopKeys.orders(),
    queryFn: ({ pageParam }) =>
      call(routes.shop.orders, { query: pageParam === null ? {} : { before: pageParam } }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before,
  });

/**
 * One of the member's orders. With `confirming` (back from a card provider's checkout) it asks again
 * every few seconds while the order is still `placed`, for at most `confirmPolling.forMs`: the page
 * shows the state the provider's webhook set on the server, never one the address claims.
 */
export const orderQuery = (id: number, confirming = false, startedAt = Date.now()) =>
  queryOptions({
    queryKey: shopKeys.order(id),
    queryFn: () => call(routes.shop.order, { params: { id } }),
    refetchInterval: (query) => {
      const order = query.state.data as Order | undefined;
      const waiting = confirming && order?.state === 'placed' && order.payment.method === 'stripe';
      return waiting && Date.now() - startedAt < confirmPolling.forMs ? confirmPolling.intervalMs : false;
    },
  });

/** A cart call's answer becomes the cart query's data (every cart call answers the reloaded cart). */
function useCartMutation<T>(send: (input: T) => Promise<CartResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (data) => client.setQueryData(shopKeys.cart(), data),
  });
}

/** Changes a line's option or quantity. */
export const useUpdateCartItem = () =>
  useCartMutation(({ id, ...body }: UpdateCartItemInput & { id: number }) =>
    call(routes.shop.updateItem, { params: { id }, body }),
  );

/** Removes a line. */
export const useRemoveCartItem = () =>
  useCartMutation((id: number) => call(routes.shop.removeItem, { params: { id } }));

/** Saves the invoice or the delivery address of the cart (the member's saved addresses). */
export const useSaveCartAddress = (type: 'invoice_address' | 'delivery_address') =>
  useCartMutation((body: AddressInput) =>
    call(type === 'invoice_address' ? routes.shop.invoiceAddress : routes.shop.deliveryAddress, { body }),
  );

/** Chooses the payment (a debit with its account). */
export const useChoosePayment = () =>
  useCartMutation((body: PaymentInput) => call(routes.shop.payment, { body }));

/** An empty or missing redirect of a purchase (spec 8: the purchase fails with 'empty redirect'). */
export class EmptyRedirectError extends Error {
  constructor() {
    super('empty redirect');
    this.name = 'EmptyRedirectError';
  }
}

/** Buys the cart (`agb`: the terms are accepted); answers where the browser goes next. */
export function usePurchase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const answer = await call(routes.shop.purchase, { body: { agb: true } });
      if (!answer?.result || typeof answer.redirect !== 'string' || answer.redirect.trim() === '') {
        throw new EmptyRedirectError();
      }
      return answer;
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: shopKeys.cart() });
      void client.invalidateQueries({ queryKey: shopKeys.orders() });
    },
  });
}
