import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AdminProduct } from '@plaza/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../../app/use-lang';
import { AdminRowList } from '../../components/admin-row-list';
import { formatMoney, formatPercent } from '../../lib/money';
import { adminProductsQuery } from './api';

/** Every product, newest first, with its state, price and stock; each opens its editor. */
export function ProductList() {
  const { t } = useTranslation();
  const lang = useLang();
  const list = useInfiniteQuery(adminProductsQuery());
  const products = list.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography color="text.secondary" sx={{ flex: 1, minWidth: 200 }}>
          {t('shop_admin.products.intro')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<Add aria-hidden />}
          component={RouterLink}
          to={`/${lang}/admin/shop/new`}
        >
          {t('shop_admin.products.new')}
        </Button>
      </Box>
      <AdminRowList
        label={t('shop_admin.products.list')}
        list={list}
        count={products.length}
        texts={{
          loading: t('shop_admin.loading'),
          loadMore: t('shop_admin.load_more'),
          retry: t('shop_admin.retry'),
          empty: t('shop_admin.products.empty'),
        }}
      >
        {products.map((product) => (
          <ProductRow key={product.id} product={product} />
        ))}
      </AdminRowList>
    </>
  );
}

function ProductRow({ product }: { product: AdminProduct }) {
  const { t } = useTranslation();
  const lang = useLang();
  const name = (lang === 'de_DE' ? product.name_de : product.name_en) || product.name_de || product.name_en;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
      {product.image && (
        <Box
          component="img"
          src={product.image}
          alt=""
          sx={{ width: 56, height: 56, borderRadius: 1, objectFit: 'cover', flexShrink: 0 }}
        />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Link
            component={RouterLink}
            to={`/${lang}/admin/shop/${product.id}`}
            sx={{ fontWeight: 600, fontSize: '1.05rem', overflowWrap: 'anywhere' }}
          >
            {name}
          </Link>
          <Chip
            size="small"
            color={product.active ? 'success' : 'default'}
            label={t(product.active ? 'shop_admin.products.active' : 'shop_admin.products.inactive')}
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {[
            formatMoney(product.price, product.currency, lang),
            t('shop_admin.products.tax', { rate: formatPercent(product.tax_rate, lang) }),
            product.stock === null
              ? t('shop_admin.products.unlimited')
              : t('shop_admin.products.stock', { count: product.stock }),
            ...(product.options.length > 0
              ? [t('shop_admin.products.options', { count: product.options.length })]
              : []),
          ].join(' · ')}
        </Typography>
      </Box>
    </Paper>
  );
}
