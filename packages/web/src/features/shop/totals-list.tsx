import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Totals } from '@plaza/contract/shop';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang';
import { formatMoney, formatTaxRate } from '../../lib/shop';

/**
 * A cart's or an order's totals as the server computed them: subtotal, shipping, the tax included per
 * rate and the total (all gross, in the cart's currency). Nothing is added up here.
 */
export function TotalsList({ totals }: { totals: Totals & { currency: string } }) {
  const { t } = useTranslation();
  const lang = useLang();
  const money = (amount: number) => formatMoney(amount, totals.currency, lang);
  const row = (label: string, value: string, strong = false, key = label) => (
    <Box
      key={key}
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        py: 0.5,
        ...(strong && { borderTop: 1, borderColor: 'divider', mt: 0.5, pt: 1 }),
      }}
    >
      <Typography component="dt" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: strong ? 700 : 400, whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {row(t('shop.cart.subtotal'), money(totals.subtotal))}
      {row(
        t('shop.cart.shipping'),
        totals.shipping === 0 ? t('shop.cart.shipping_free') : money(totals.shipping),
      )}
      {row(t('shop.cart.total'), money(totals.total), true)}
      {totals.tax.map((line) =>
        row(
          t('shop.cart.tax', { rate: formatTaxRate(line.rate, lang) }),
          money(line.amount),
          false,
          `tax-${line.rate}`,
        ),
      )}
    </Box>
  );
}
