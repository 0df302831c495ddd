import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { dateFormats } from '@plaza/contract/constants';
import type { OrderState } from '@plaza/contract/shop';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../../app/use-lang';
import { QueryListState } from '../../components/query-list-state';
import { useFormatMoment } from '../../lib/dates';
import { formatMoney } from '../../lib/shop';
import { ordersQuery } from './api';
import { ShopHeader } from './shop-header';

/** Paid stands out; the others read as plain text (the theme's info and warning fills are too light for white text). */
const stateColors: Record<OrderState, 'default' | 'success'> = {
  placed: 'default',
  paid: 'success',
  cancelled: 'default',
  refunded: 'default',
};

/** An order's state as a chip in the page language. */
export function OrderStateChip({ state }: { state: OrderState }) {
  const { t } = useTranslation();
  return <Chip size="small" color={stateColors[state]} label={t(`shop.orders.states.${state}`)} />;
}

/** The member's orders `/{lang}/shop/orders`, newest first, older ones by "load more" (keyset `before`). */
export function OrdersPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const formatDate = useFormatMoment();
  const orders = useInfiniteQuery(ordersQuery());
  const list = orders.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <>
      <ShopHeader title={t('shop.orders.title')} page="orders" />
      <QueryListState
        query={{
          isPending: orders.isPending,
          isError: orders.isError,
          data: orders.data ? { results: list } : undefined,
          refetch: orders.refetch,
        }}
        texts={{
          loading: t('shop.orders.loading'),
          loadFailed: t('shop.orders.load_failed'),
          retry: t('shop.retry'),
          noResults: t('shop.orders.empty'),
        }}
      >
        <Box
          component="ul"
          aria-label={t('shop.orders.title')}
          aria-busy={orders.isFetchingNextPage}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
        >
          {list.map((order) => (
            <Paper component="li" key={order.id} variant="outlined" sx={{ p: 1.5, position: 'relative' }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Link
                  component={RouterLink}
                  to={`/${lang}/shop/orders/${order.id}`}
                  sx={{ fontWeight: 600, '&::after': { content: '""', position: 'absolute', inset: 0 } }}
                >
                  {t('shop.orders.number', { number: order.number })}
                </Link>
                <OrderStateChip state={order.state} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {t('shop.orders.ordered_on', { date: formatDate(order.created_at, dateFormats.day, lang) })} ·{' '}
                {t('shop.orders.items', { count: order.item_count })} ·{' '}
                <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
                  {formatMoney(order.total, order.currency, lang)}
                </Box>
              </Typography>
            </Paper>
          ))}
        </Box>
        {orders.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
            <Button
              variant="outlined"
              onClick={() => void orders.fetchNextPage()}
              disabled={orders.isFetchingNextPage}
            >
              {t('shop.orders.load_more')}
            </Button>
          </Box>
        )}
      </QueryListState>
    </>
  );
}
