import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { cartQuery } from '../../lib/shop';
import { useLang } from '../use-lang';

/**
 * The cart in the app bar, shown once this visit has seen a cart with pieces in it (the shop's pages
 * and the shop teaser read it). It never asks the server itself, so members who never shop cost
 * nothing on any page. The shop's own pages have their cart button instead.
 */
export function CartLink() {
  const { t } = useTranslation();
  const lang = useLang();
  const cart = useQuery({ ...cartQuery(), enabled: false });
  const { pathname } = useLocation();
  const count = cart.data?.cart.item_count ?? 0;
  if (count === 0 || /^\/[^/]+\/(shop|cart)(\/|$)/.test(pathname)) return null;
  return (
    <IconButton component={RouterLink} to={`/${lang}/cart`} aria-label={t('shop.cart_link_count', { count })}>
      <Badge color="primary" badgeContent={count} max={99}>
        <ShoppingCartOutlined />
      </Badge>
    </IconButton>
  );
}
