import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { dateFormats, htmlLang, type Locale } from '@plaza/contract/constants';
import type { Address } from '@plaza/contract/profile';
import type { Order } from '@plaza/contract/shop';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useLang } from '../../app/use-lang';
import { useFormatMoment } from '../../lib/dates';
import { formatMoney, formatTaxRate, shopErrorText } from '../../lib/shop';
import { confirmPolling, orderQuery } from './api';
import { OrderStateChip } from './orders-page';
import { ShopHeader } from './shop-header';
import { TotalsList } from './totals-list';

/** A country code named in the page language ("DE" -> "Deutschland" / "Germany"). */
function countryName(code: string, lang: Locale): string {
  try {
    return new Intl.DisplayNames([htmlLang(lang)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** An address as it is written on a letter. */
function AddressLines({ address }: { address: Address }) {
  const lang = useLang();
  const lines = [
    [address.title, address.firstname, address.lastname].filter(Boolean).join(' '),
    `${address.address} ${address.house_number}`,
    address.address_2,
    address.address_details,
    `${address.zip} ${address.city}`,
    countryName(address.country, lang),
    address.email,
  ].filter((line): line is string => Boolean(line));
  return (
    <Box component="address" sx={{ fontStyle: 'normal' }}>
      {lines.map((line, index) => (
        // The lines of one address do not move; their position names them.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <Typography key={index}>{line}</Typography>
      ))}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2, minWidth: 0 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The checkout note: back from a card provider's checkout (`?checkout=return`) while the order is still
 * `placed`, the payment is being confirmed (the page asks the server again, for about a minute); the
 * state itself is always the server's.
 */
function CheckoutNote({ order, startedAt }: { order: Order; startedAt: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const checkout = params.get('checkout');
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), Math.max(0, startedAt + confirmPolling.forMs - Date.now()));
    return () => clearTimeout(timer);
  }, [startedAt]);
  if (order.state !== 'placed') return null;
  if (order.payment.method === 'stripe' && checkout === 'return') {
    return (
      <Alert severity="info" role="status" sx={{ mb: 2 }}>
        {slow ? t('shop.order.confirm_slow') : t('shop.order.confirming')}
      </Alert>
    );
  }
  if (order.payment.method === 'stripe' && checkout === 'cancel') {
    return (
      <Alert severity="warning" role="status" sx={{ mb: 2 }}>
        {t('shop.order.checkout_cancelled')}
      </Alert>
    );
  }
  if (order.payment.method !== 'stripe') {
    return (
      <Alert severity="success" role="status" sx={{ mb: 2 }}>
        {t('shop.order.thanks')}
      </Alert>
    );
  }
  return null;
}

/**
 * One of the member's orders `/{lang}/shop/orders/:id`: number, state, lines and totals as they were
 * bought, addresses, payment (a debit's mandate reference) and the invoice PDF.
 */
export function OrderPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const formatDate = useFormatMoment();
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const [startedAt] = useState(() => Date.now());
  const order = useQuery({
    ...orderQuery(id, params.get('checkout') === 'return', startedAt),
    enabled: id > 0,
  });
  const data = order.data;

  if (!data) {
    return (
      <>
        <ShopHeader title={t('shop.orders.title')} page="order" />
        {order.isError ? (
          <Alert severity="error" role="alert">
            {t('shop.order.load_failed')} {shopErrorText(t, order.error)}
          </Alert>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={t('shop.order.loading')} />
          </Box>
        )}
      </>
    );
  }

  const money = (amount: number) => formatMoney(amount, data.cart.currency, lang);
  const moments = (
    [
      ['created_at', 'ordered_at'],
      ['paid_at', 'paid_at'],
      ['cancelled_at', 'cancelled_at'],
      ['refunded_at', 'refunded_at'],
    ] as const
  ).flatMap(([key, label]) => {
    const value = data[key];
    return value ? [[label, value] as const] : [];
  });
  return (
    <>
      <ShopHeader title={t('shop.order.title', { number: data.number })} page="order">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="span">{t('shop.order.state')}:</Typography>
          <OrderStateChip state={data.state} />
        </Box>
      </ShopHeader>
      <CheckoutNote order={data} startedAt={startedAt} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Section title={t('shop.order.items')}>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data.cart.items.map((item, index) => (
              <Box
                component="li"
                // Order lines have no id of their own; they never change after the purchase.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                key={index}
                sx={{
                  py: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                  display: 'flex',
                  gap: 2,
                  justifyContent: 'space-between',
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {item.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[
                      item.option,
                      t('shop.order.quantity', { count: item.quantity }),
                      t('shop.cart.unit_price', { price: money(item.unit_price) }),
                      t('shop.tax_note', { rate: formatTaxRate(item.tax_rate, lang) }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </Box>
                <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {money(item.line_total)}
                </Typography>
              </Box>
            ))}
          </Box>
          <Box sx={{ mt: 1 }}>
            <TotalsList totals={data.cart} />
          </Box>
        </Section>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Section title={t('shop.order.payment')}>
            <Typography>{t(`shop.methods.${data.payment.method}`)}</Typography>
            {data.payment.sepa && (
              <Typography>
                {data.payment.sepa.account_holder} ·{' '}
                {t('shop.order.iban', { last4: data.payment.sepa.iban_last4 })}
              </Typography>
            )}
            {data.payment.mandate_reference && (
              <Typography>
                {t('shop.order.mandate', { reference: data.payment.mandate_reference })}
              </Typography>
            )}
            <Box component="dl" sx={{ m: 0, mt: 1 }}>
              {moments.map(([key, value]) => (
                <Box key={key} sx={{ display: 'flex', gap: 1 }}>
                  <Typography component="dt" color="text.secondary">
                    {t(`shop.order.${key}`)}:
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }}>
                    {formatDate(value, dateFormats.moment, lang)}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Button
              href={data.invoice_url}
              download
              variant="outlined"
              startIcon={<Download aria-hidden />}
              sx={{ mt: 1.5 }}
            >
              {t('shop.order.invoice')}
            </Button>
          </Section>
          <Section title={t('shop.order.invoice_address')}>
            <AddressLines address={data.invoice_address} />
          </Section>
          <Section title={t('shop.order.delivery_address')}>
            {data.delivery_address ? (
              <AddressLines address={data.delivery_address} />
            ) : (
              <Typography color="text.secondary">{t('shop.order.same_address')}</Typography>
            )}
          </Section>
        </Box>
      </Box>
    </>
  );
}
