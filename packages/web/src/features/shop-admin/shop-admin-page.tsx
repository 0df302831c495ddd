import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { maxId } from '@plaza/contract/constants';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useLang } from '../../app/use-lang';
import { HydrateApart } from '../../components/hydrate-apart';
import { useManagesShop } from './access';
import { OrderDetail } from './order-detail';
import { OrderList } from './order-list';
import { ProductList } from './product-list';

const tabs = ['products', 'orders'] as const;
type ShopAdminTab = (typeof tabs)[number];

/**
 * The shop administration `/{lang}/admin/shop` (superadmins and the shop permission): the products of
 * every state (`?tab=products`, the default) and the orders (`?tab=orders`, one of them with `&order={id}`).
 */
export function ShopAdminPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const allowed = useManagesShop();
  const [params, setParams] = useSearchParams();
  const tab: ShopAdminTab = params.get('tab') === 'orders' ? 'orders' : 'products';
  const rawOrder = params.get('order') ?? '';
  const orderId =
    tab === 'orders' && /^\d{1,10}$/.test(rawOrder) && Number(rawOrder) > 0 && Number(rawOrder) <= maxId
      ? Number(rawOrder)
      : null;

  if (!allowed) return <Navigate to={`/${lang}/403`} replace />;
  return (
    <>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('shop_admin.title')}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <HydrateApart>
          <Tabs
            value={tab}
            onChange={(_event, value: ShopAdminTab) => setParams(value === 'products' ? {} : { tab: value })}
            aria-label={t('shop_admin.tabs.label')}
          >
            {tabs.map((value) => (
              <Tab
                key={value}
                value={value}
                label={t(`shop_admin.tabs.${value}`)}
                id={`shop-admin-tab-${value}`}
                aria-controls={`shop-admin-panel-${value}`}
              />
            ))}
          </Tabs>
        </HydrateApart>
      </Box>
      <Box role="tabpanel" id={`shop-admin-panel-${tab}`} aria-labelledby={`shop-admin-tab-${tab}`}>
        {tab === 'products' ? (
          <ProductList />
        ) : orderId !== null ? (
          <OrderDetail id={orderId} />
        ) : (
          <OrderList />
        )}
      </Box>
    </>
  );
}
