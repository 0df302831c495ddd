import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { dateFormats } from '@plaza/contract/constants';
import { type AdminOrderListItem, type OrderState, orderStates } from '@plaza/contract/shop';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useLang } from '../../app/use-lang';
import { AdminRowList } from '../../components/admin-row-list';
import { SingleSelect } from '../../components/single-select';
import { formatDate } from '../../lib/dates';
import { adminOrdersQuery } from './api';
import { formatMoney } from './money';

const isOrderState = (value: string | null): value is OrderState =>
  (orderStates as readonly (string | null)[]).includes(value);

/** How an order's state chip looks (colours whose text keeps a contrast of 4.5:1; info's and warning's do not). */
export const orderStateChip = {
  placed: { color: 'default', variant: 'filled' },
  paid: { color: 'success', variant: 'filled' },
  cancelled: { color: 'default', variant: 'outlined' },
  refunded: { color: 'default', variant: 'outlined' },
} as const;

/** Every order, newest first, optionally of one state (`&state=`); each opens its detail. */
export function OrderList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state');
  const state = isOrderState(stateParam) ? stateParam : null;
  const list = useInfiniteQuery(adminOrdersQuery(state));
  const orders = list.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <>
      <Box sx={{ maxWidth: 320, mb: 2 }}>
        <SingleSelect
          label={t('shop_admin.orders.filter_state')}
          options={orderStates.map((value) => ({ value, label: t(`shop_admin.order_states.${value}`) }))}
          value={state}
          onChange={(value) =>
            setParams(value ? { tab: 'orders', state: value } : { tab: 'orders' }, { replace: true })
          }
        />
      </Box>
      <AdminRowList
        label={t('shop_admin.orders.list')}
        list={list}
        count={orders.length}
        texts={{
          loading: t('shop_admin.loading'),
          loadMore: t('shop_admin.load_more'),
          retry: t('shop_admin.retry'),
          empty: t('shop_admin.orders.empty'),
        }}
      >
        {orders.map((order) => (
          <OrderRow key={order.id} order={order} state={state} />
        ))}
      </AdminRowList>
    </>
  );
}

function OrderRow({ order, state }: { order: AdminOrderListItem; state: OrderState | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const search = new URLSearchParams({ tab: 'orders', ...(state ? { state } : {}), order: String(order.id) });
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Link
          component={RouterLink}
          to={`/${lang}/admin/shop?${search}`}
          sx={{ fontWeight: 600, fontSize: '1.05rem' }}
        >
          {t('shop_admin.orders.number', { number: order.number })}
        </Link>
        <Chip
          size="small"
          {...orderStateChip[order.state]}
          label={t(`shop_admin.order_states.${order.state}`)}
        />
        <Typography sx={{ ml: 'auto', fontWeight: 600 }}>
          {formatMoney(order.total, order.currency, lang)}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {[
          order.customer,
          formatDate(order.created_at, dateFormats.day, lang),
          t('shop_admin.orders.items', { count: order.item_count }),
          t(`shop_admin.payment_methods.${order.payment_method}`),
        ].join(' · ')}
      </Typography>
    </Paper>
  );
}
