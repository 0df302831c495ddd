import type { CartResponse } from '@plaza/contract/shop';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { ApiRequestError, call } from './api-client';
import { apiErrorText } from './api-error-text';
import { routes } from './endpoint-routes';

/**
 * The shop's calls that the shop pages and the CMS shop teaser share: the products, the cart and
 * adding to it. The pages' own calls are in features/shop/api.ts.
 */
export const shopKeys = {
  all: ['shop'] as const,
  products: () => [...shopKeys.all, 'products'] as const,
  cart: () => [...shopKeys.all, 'cart'] as const,
  payments: () => [...shopKeys.all, 'payments'] as const,
  orders: () => [...shopKeys.all, 'orders'] as const,
  order: (id: number) => [...shopKeys.all, 'order', id] as const,
};

/** The active products in the member's language. */
export const productsQuery = () =>
  queryOptions({
    queryKey: shopKeys.products(),
    queryFn: () => call(routes.shop.products),
    select: (data) => data.results,
    staleTime: 60_000,
  });

/** The member's cart with its addresses, form options and line problems (every cart call answers it). */
export const cartQuery = () =>
  queryOptions({ queryKey: shopKeys.cart(), queryFn: () => call(routes.shop.cart) });

/** Adds a product (with its option) to the cart; the answer is the reloaded cart. */
export function useAddToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: { product_id: number; option: string | null }) =>
      call(routes.shop.addItem, { body: { product_id: item.product_id, option: item.option, quantity: 1 } }),
    onSuccess: (data: CartResponse) => {
      client.setQueryData(shopKeys.cart(), data);
      // Stock shown on the products may have changed.
      void client.invalidateQueries({ queryKey: shopKeys.products() });
    },
  });
}

/** Money and tax rates as the shop shows them (`1990, 'EUR'` -> "19,90 €"; `1900` -> "19 %"). */
export { formatMoney, formatPercent as formatTaxRate } from './money';

/** The text of a failed shop call: the shop's own text for its error codes, else the general one. */
export function shopErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiRequestError) {
    const own = t(`shop.errors.${error.code}`, { defaultValue: '' });
    if (own) return own;
  }
  return apiErrorText(t, error);
}
