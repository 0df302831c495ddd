import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../../app/use-lang';
import { cartQuery } from '../../lib/shop';
import { visuallyHidden } from '../../lib/visually-hidden';

/** The cart button with the count of pieces in it (`item_count`) as its badge and in its name. */
export function CartButton() {
  const { t } = useTranslation();
  const lang = useLang();
  const cart = useQuery(cartQuery());
  const count = cart.data?.cart.item_count ?? 0;
  return (
    <Button
      component={RouterLink}
      to={`/${lang}/cart`}
      variant="outlined"
      startIcon={
        <Badge color="primary" badgeContent={count} max={99} aria-hidden>
          <ShoppingCartOutlined />
        </Badge>
      }
    >
      {t('shop.cart_link')}
      {count > 0 && (
        <Box component="span" sx={visuallyHidden}>{`, ${t('shop.orders.items', { count })}`}</Box>
      )}
    </Button>
  );
}

/** A shop page's heading with the links to the other shop pages: the shop, the orders and the cart. */
export function ShopHeader({
  title,
  page,
  children,
}: {
  title: string;
  /** The page it heads (no link to itself). */
  page: 'shop' | 'cart' | 'orders' | 'order';
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1.5,
          mb: 1,
        }}
      >
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {page !== 'shop' && (
            <Button component={RouterLink} to={`/${lang}/shop`}>
              {t('shop.to_shop')}
            </Button>
          )}
          {page !== 'orders' && (
            <Button component={RouterLink} to={`/${lang}/shop/orders`}>
              {t('shop.orders_link')}
            </Button>
          )}
          {page !== 'cart' && <CartButton />}
        </Box>
      </Box>
      {children}
    </Box>
  );
}
