import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryListState } from '../../components/query-list-state';
import { ShopProductCard } from '../../components/shop-product-card';
import { useSuccessSnackbar } from '../../components/success-snackbar';
import { productsQuery } from '../../lib/shop';
import { ShopHeader } from './shop-header';

/**
 * The shop `/{lang}/shop`: the active products as a grid (picture, name, price in the product's
 * currency, tax note, options, stock) with "add to cart", and the cart button with its count.
 */
export function ShopPage() {
  const { t } = useTranslation();
  const products = useQuery(productsQuery());
  const { notify, snackbar } = useSuccessSnackbar();
  const list = products.data ?? [];
  return (
    <>
      <ShopHeader title={t('shop.title')} page="shop">
        <Typography color="text.secondary">{t('shop.intro')}</Typography>
      </ShopHeader>
      <QueryListState
        query={{
          isPending: products.isPending,
          isError: products.isError,
          data: products.data ? { results: list } : undefined,
          refetch: products.refetch,
        }}
        texts={{
          loading: t('shop.loading'),
          loadFailed: t('shop.load_failed'),
          retry: t('shop.retry'),
          noResults: t('shop.empty'),
        }}
      >
        <Box
          component="ul"
          aria-label={t('shop.products')}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'repeat(2, minmax(0, 1fr))',
              lg: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          {list.map((product) => (
            <Box component="li" key={product.id} sx={{ minWidth: 0 }}>
              <ShopProductCard product={product} onAdded={notify} />
            </Box>
          ))}
        </Box>
      </QueryListState>
      {snackbar}
    </>
  );
}
