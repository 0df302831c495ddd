import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSuccessSnackbar } from '../../components/success-snackbar';
import { cartQuery, shopErrorText } from '../../lib/shop';
import { CartLines } from './cart-lines';
import { CheckoutAddresses, PurchaseForm } from './checkout';
import { PaymentForm } from './payment-form';
import { ShopHeader } from './shop-header';
import { TotalsList } from './totals-list';

/**
 * The cart and checkout `/{lang}/cart` (spec 3 "Cart", 4 "Cart" and "Purchase"): the lines with their
 * problems, the totals as the server computed them, the invoice and delivery address, the payment, the
 * terms and "buy".
 */
export function CartPage() {
  const { t } = useTranslation();
  const cart = useQuery(cartQuery());
  const { notify, snackbar } = useSuccessSnackbar();
  const itemsId = useId();
  const summaryId = useId();
  const data = cart.data;

  let body: React.ReactNode;
  if (cart.isPending) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('shop.cart.loading')} />
      </Box>
    );
  } else if (!data) {
    body = (
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={() => void cart.refetch()}>
            {t('shop.retry')}
          </Button>
        }
      >
        {t('shop.cart.load_failed')} {shopErrorText(t, cart.error)}
      </Alert>
    );
  } else if (data.cart.items.length === 0) {
    body = (
      <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {t('shop.cart.empty')}
      </Typography>
    );
  } else {
    const currency = data.cart.currency ?? 'EUR';
    body = (
      <>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' },
            gap: 3,
            alignItems: 'start',
            mb: 4,
          }}
        >
          <Box component="section" aria-labelledby={itemsId} sx={{ minWidth: 0 }}>
            <Typography id={itemsId} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600, mb: 1.5 }}>
              {t('shop.cart.items')}
            </Typography>
            {data.errors.length > 0 && (
              <Alert severity="warning" sx={{ mb: 1.5 }}>
                {t('shop.cart.has_problems')}
              </Alert>
            )}
            <CartLines
              items={data.cart.items}
              errors={data.errors}
              currency={currency}
              labelId={itemsId}
              onRemoved={notify}
            />
          </Box>
          <Paper
            component="section"
            variant="outlined"
            aria-labelledby={summaryId}
            sx={{ p: 2, position: { md: 'sticky' }, top: { md: 88 } }}
          >
            <Typography id={summaryId} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600, mb: 1 }}>
              {t('shop.cart.summary')}
            </Typography>
            <TotalsList totals={{ ...data.cart, currency }} />
          </Paper>
        </Box>
        <Box sx={{ maxWidth: 760 }}>
          <CheckoutAddresses data={data} />
          <PaymentForm chosen={data.cart.payment} />
          <PurchaseForm ready={data.cart.ready} />
        </Box>
      </>
    );
  }

  return (
    <>
      <ShopHeader title={t('shop.cart.title')} page="cart" />
      {body}
      {snackbar}
    </>
  );
}
