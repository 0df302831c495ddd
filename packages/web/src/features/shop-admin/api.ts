import type { AdminOrder, AdminProduct, OrderState, ProductInput } from '@plaza/contract';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, upload } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';

/** Query keys of the shop administration; a change refreshes its lists and the members' shop. */
export const shopAdminKeys = {
  all: ['shop-admin'] as const,
  products: () => [...shopAdminKeys.all, 'products'] as const,
  product: (id: number) => [...shopAdminKeys.all, 'product', id] as const,
  orders: (state: OrderState | null) => [...shopAdminKeys.all, 'orders', state ?? 'all'] as const,
  order: (id: number) => [...shopAdminKeys.all, 'order', id] as const,
};

/** Products of every state, newest first, 50 a call; `before` continues after the last id. */
export const adminProductsQuery = () =>
  infiniteQueryOptions({
    queryKey: shopAdminKeys.products(),
    queryFn: ({ pageParam }) =>
      call(routes.shop.adminProducts, { query: { before: pageParam ?? undefined } }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
  });

export const adminProductQuery = (id: number) =>
  queryOptions({
    queryKey: shopAdminKeys.product(id),
    queryFn: () => call(routes.shop.adminProduct, { params: { id } }),
  });

/** Orders, newest first, of one state or all; `before` continues after the last id. */
export const adminOrdersQuery = (state: OrderState | null) =>
  infiniteQueryOptions({
    queryKey: shopAdminKeys.orders(state),
    queryFn: ({ pageParam }) =>
      call(routes.shop.adminOrders, {
        query: { before: pageParam ?? undefined, state: state ?? undefined },
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
  });

export const adminOrderQuery = (id: number) =>
  queryOptions({
    queryKey: shopAdminKeys.order(id),
    queryFn: () => call(routes.shop.adminOrder, { params: { id } }),
  });

/** Keeps a stored product and refreshes the lists that show it (the members' shop and carts too). */
function useKeepProduct() {
  const client = useQueryClient();
  return (product: AdminProduct) => {
    client.setQueryData(shopAdminKeys.product(product.id), product);
    void client.invalidateQueries({ queryKey: shopAdminKeys.products() });
    void client.invalidateQueries({ queryKey: ['shop'] });
  };
}

export function useCreateProduct() {
  const keep = useKeepProduct();
  return useMutation({
    mutationFn: (input: ProductInput) => call(routes.shop.adminCreateProduct, { body: input }),
    onSuccess: keep,
  });
}

export function useSaveProduct(id: number) {
  const keep = useKeepProduct();
  return useMutation({
    mutationFn: (input: ProductInput) => call(routes.shop.adminSaveProduct, { params: { id }, body: input }),
    onSuccess: keep,
  });
}

/** Sets or removes the product's image: each answers the product. */
export function useProductImage(id: number) {
  const keep = useKeepProduct();
  return useMutation({
    mutationFn: (file: File | null) =>
      file
        ? upload(routes.shop.adminUploadProductImage, file, { params: { id } })
        : call(routes.shop.adminRemoveProductImage, { params: { id } }),
    onSuccess: keep,
  });
}

export function useDeleteProduct(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(routes.shop.adminDeleteProduct, { params: { id } }),
    onSuccess: () => {
      client.removeQueries({ queryKey: shopAdminKeys.product(id) });
      void client.invalidateQueries({ queryKey: shopAdminKeys.products() });
      void client.invalidateQueries({ queryKey: ['shop'] });
    },
  });
}

/** Moves an order along `orderTransitions`; keeps the answer and refreshes the order lists. */
export function useSetOrderState(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (state: OrderState) =>
      call(routes.shop.adminSetOrderState, { params: { id }, body: { state } }),
    onSuccess: (order: AdminOrder) => {
      client.setQueryData(shopAdminKeys.order(order.id), order);
      void client.invalidateQueries({ queryKey: [...shopAdminKeys.all, 'orders'] });
    },
  });
}
