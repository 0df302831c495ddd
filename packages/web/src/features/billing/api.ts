import type { Subscription } from '@plaza/contract/billing';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';

export const billingKeys = {
  all: ['billing'] as const,
  mine: () => [...billingKeys.all, 'mine'] as const,
  invoices: (id: number) => [...billingKeys.all, 'invoices', id] as const,
};

/** The member's subscriptions, running ones first. */
export const subscriptionsQuery = () =>
  queryOptions({
    queryKey: billingKeys.mine(),
    queryFn: () => call(routes.billing.mine),
    select: (data) => data.results,
  });

/** A subscription's invoices, newest first, a keyset page at a time. */
export const invoicesQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: billingKeys.invoices(id),
    queryFn: ({ pageParam }) =>
      call(routes.billing.invoices, {
        params: { id },
        query: pageParam === null ? {} : { before: pageParam },
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before,
  });

/** Gives notice; the answer is the subscription with its `ends_on`. */
export function useCancelSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(routes.billing.cancel, { params: { id } }),
    onSuccess: (saved: Subscription) => {
      client.setQueryData(billingKeys.mine(), (data: { results: Subscription[] } | undefined) =>
        data ? { results: data.results.map((item) => (item.id === saved.id ? saved : item)) } : data,
      );
      void client.invalidateQueries({ queryKey: billingKeys.mine() });
    },
  });
}

/** Changes the plan's quantity from the next period. */
export function useUpdateItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, quantity }: { id: number; quantity: number }) =>
      call(routes.billing.updateItem, { params: { id }, body: { quantity } }),
    onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.mine() }),
  });
}

/** Declines a gift not shipped yet. */
export function useRemoveItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(routes.billing.removeItem, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.mine() }),
  });
}

/** Links an existing subscription by its number and invoice postcode. */
export function useLinkSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ number, zip }: { number: string; zip: string }) =>
      call(routes.registration.linkSubscription, { params: { subscriberNumber: number }, body: { zip } }),
    onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.mine() }),
  });
}
