import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../app/use-lang';
import { productsQuery, shopErrorText } from '../lib/shop';
import { ShopProductCard } from './shop-product-card';
import { useSuccessSnackbar } from './success-snackbar';

/** How many products the teaser shows. */
const teaserSize = 4;

/**
 * The shop teaser's content (the CMS `shop_teaser` module): the first active products with "add to
 * cart" and a link to the shop; it fetches them itself (`GET shop/products`). `empty` shows when there
 * is no active product.
 */
export function ShopTeaser({ empty }: { empty: React.ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const products = useQuery(productsQuery());
  const { notify, snackbar } = useSuccessSnackbar();
  if (products.isPending) return <CircularProgress size={24} aria-label={t('shop.loading')} />;
  if (products.isError) {
    return (
      <Alert severity="error" role="alert">
        {t('shop.load_failed')} {shopErrorText(t, products.error)}
      </Alert>
    );
  }
  if (products.data.length === 0) return empty;
  return (
    <>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {products.data.slice(0, teaserSize).map((product) => (
          <Box component="li" key={product.id} sx={{ minWidth: 0 }}>
            <ShopProductCard product={product} onAdded={notify} headingLevel="h3" compact />
          </Box>
        ))}
      </Box>
      <Typography sx={{ mt: 1.5 }}>
        <Button component={RouterLink} to={`/${lang}/shop`} variant="outlined">
          {products.data.length > teaserSize ? t('shop.teaser.more') : t('shop.to_shop')}
        </Button>
      </Typography>
      {snackbar}
    </>
  );
}
