import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { dateFormats, htmlLang, type Locale } from '@plaza/contract/constants';
import type { Address } from '@plaza/contract/profile';
import { type AdminOrder, type OrderState, orderTransitions } from '@plaza/contract/shop';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useLang } from '../../app/use-lang';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { apiErrorText } from '../../lib/api-error-text';
import { formatDate } from '../../lib/dates';
import { adminOrderQuery, useSetOrderState } from './api';
import { formatMoney, formatPercent } from './money';
import { orderStateChip } from './order-list';

/** Moves that cannot be taken back ask first. */
const confirmed = new Set<OrderState>(['cancelled', 'refunded']);

/** One order in the administration: its lines, totals, addresses, customer and the moves its state allows. */
export function OrderDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [params] = useSearchParams();
  const order = useQuery(adminOrderQuery(id));
  const back = new URLSearchParams({
    tab: 'orders',
    ...(params.get('state') ? { state: params.get('state')! } : {}),
  });
  return (
    <>
      <Link
        component={RouterLink}
        to={`/${lang}/admin/shop?${back}`}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden />
        {t('shop_admin.order.back')}
      </Link>
      {order.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('shop_admin.loading')} />
        </Box>
      ) : order.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => order.refetch()}>
              {t('shop_admin.retry')}
            </Button>
          }
        >
          {apiErrorText(t, order.error)}
        </Alert>
      ) : (
        <OrderView order={order.data} />
      )}
    </>
  );
}

function OrderView({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const lang = useLang();
  const money = (minor: number) => formatMoney(minor, order.cart.currency, lang);
  const day = (moment: string) => formatDate(moment, dateFormats.moment, lang);
  const payment = order.payment;
  return (
    <Box component="article" aria-labelledby="order-title" sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id="order-title" variant="h2" sx={{ fontSize: '1.4rem', fontWeight: 600 }}>
          {t('shop_admin.orders.number', { number: order.number })}
        </Typography>
        <Chip {...orderStateChip[order.state]} label={t(`shop_admin.order_states.${order.state}`)} />
      </Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.5, columnGap: 2, m: 0 }}
      >
        <Fact term={t('shop_admin.order.customer')}>
          {order.user ? (
            <Link component={RouterLink} to={`/${lang}/who_is_who/${order.user.id}`}>
              {order.user.name}
            </Link>
          ) : (
            t('shop_admin.order.customer_gone')
          )}
        </Fact>
        <Fact term={t('shop_admin.order.created')}>{day(order.created_at)}</Fact>
        {order.paid_at && <Fact term={t('shop_admin.order.paid_at')}>{day(order.paid_at)}</Fact>}
        {order.cancelled_at && (
          <Fact term={t('shop_admin.order.cancelled_at')}>{day(order.cancelled_at)}</Fact>
        )}
        {order.refunded_at && <Fact term={t('shop_admin.order.refunded_at')}>{day(order.refunded_at)}</Fact>}
        <Fact term={t('shop_admin.order.payment')}>
          {[
            t(`shop_admin.payment_methods.${payment.method}`),
            ...(payment.sepa
              ? [
                  payment.sepa.account_holder,
                  t('shop_admin.order.iban_ending', { last4: payment.sepa.iban_last4 }),
                  ...(payment.sepa.bic ? [payment.sepa.bic] : []),
                ]
              : []),
            ...(payment.mandate_reference
              ? [t('shop_admin.order.mandate', { reference: payment.mandate_reference })]
              : []),
          ].join(' · ')}
        </Fact>
      </Box>
      <StateActions order={order} />
      <Box component="section" aria-labelledby="order-lines-title">
        <Typography id="order-lines-title" variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
          {t('shop_admin.order.lines')}
        </Typography>
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-labelledby="order-lines-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('shop_admin.order.product')}</TableCell>
                <TableCell align="right">{t('shop_admin.order.quantity')}</TableCell>
                <TableCell align="right">{t('shop_admin.order.unit_price')}</TableCell>
                <TableCell align="right">{t('shop_admin.order.line_total')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {order.cart.items.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never change
                <TableRow key={index}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {item.name}
                    {item.option && (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {` (${item.option})`}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{item.quantity}</TableCell>
                  <TableCell align="right">{money(item.unit_price)}</TableCell>
                  <TableCell align="right">{money(item.line_total)}</TableCell>
                </TableRow>
              ))}
              <TotalRow label={t('shop_admin.order.subtotal')} value={money(order.cart.subtotal)} />
              <TotalRow label={t('shop_admin.order.shipping')} value={money(order.cart.shipping)} />
              <TotalRow label={t('shop_admin.order.total')} value={money(order.cart.total)} strong />
              {order.cart.tax.map((tax) => (
                <TotalRow
                  key={tax.rate}
                  label={t('shop_admin.order.tax_included', { rate: formatPercent(tax.rate, lang) })}
                  value={money(tax.amount)}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <AddressCard title={t('shop_admin.order.invoice_address')} address={order.invoice_address} />
        <AddressCard
          title={t('shop_admin.order.delivery_address')}
          address={order.delivery_address}
          empty={t('shop_admin.order.same_address')}
        />
      </Box>
    </Box>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

function TotalRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <TableRow>
      <TableCell colSpan={3} align="right" sx={{ fontWeight: strong ? 700 : undefined }}>
        {label}
      </TableCell>
      <TableCell align="right" sx={{ fontWeight: strong ? 700 : undefined }}>
        {value}
      </TableCell>
    </TableRow>
  );
}

/** A country code in the reader's language ("DE" -> "Deutschland"). */
function countryName(code: string, lang: Locale): string {
  try {
    return new Intl.DisplayNames([htmlLang(lang)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function AddressCard({ title, address, empty }: { title: string; address: Address | null; empty?: string }) {
  const lang = useLang();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {address ? (
        <Box component="address" sx={{ fontStyle: 'normal', overflowWrap: 'anywhere' }}>
          {[
            [address.title, address.firstname, address.lastname].filter(Boolean).join(' '),
            `${address.address} ${address.house_number}`,
            address.address_2,
            address.address_details,
            `${address.zip} ${address.city}`,
            countryName(address.country, lang),
            address.email,
          ]
            .filter(Boolean)
            .map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of an address in their order
              <Typography key={index}>{line}</Typography>
            ))}
        </Box>
      ) : (
        <Typography color="text.secondary">{empty}</Typography>
      )}
    </Paper>
  );
}

/** A button per move `orderTransitions` allows from the order's state; cancelling and refunding ask first. */
function StateActions({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const move = useSetOrderState(order.id);
  // The move asked about stays named while the dialog closes.
  const [asking, setAsking] = useState<OrderState | null>(null);
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const moves = orderTransitions[order.state];
  const run = (state: OrderState) => {
    setMessage(null);
    move.mutate(state, {
      onSuccess: () => {
        setOpen(false);
        setMessage({ kind: 'success', text: t(`shop_admin.order.moved.${state}`) });
      },
      onError: (error) => {
        if (!confirmed.has(state)) setMessage({ kind: 'error', text: apiErrorText(t, error) });
      },
    });
  };
  return (
    <Box>
      {moves.length > 0 && (
        <Box
          role="group"
          aria-label={t('shop_admin.order.actions')}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
        >
          {moves.map((state) => (
            <Button
              key={state}
              variant={state === 'paid' ? 'contained' : 'outlined'}
              color={confirmed.has(state) ? 'error' : 'primary'}
              disabled={move.isPending}
              onClick={() => {
                move.reset();
                if (confirmed.has(state)) {
                  setAsking(state);
                  setOpen(true);
                } else run(state);
              }}
            >
              {t(`shop_admin.order.move.${state}`)}
            </Button>
          ))}
        </Box>
      )}
      <Box role="status" sx={{ mt: moves.length > 0 ? 1 : 0 }}>
        {message && <Alert severity={message.kind}>{message.text}</Alert>}
      </Box>
      <ConfirmDialog
        open={open}
        title={asking ? t(`shop_admin.order.confirm.${asking}.title`) : ''}
        text={asking ? t(`shop_admin.order.confirm.${asking}.text`, { number: order.number }) : ''}
        confirmLabel={asking ? t(`shop_admin.order.move.${asking}`) : ''}
        destructive
        pending={move.isPending}
        error={move.error ? apiErrorText(t, move.error) : null}
        onClose={() => setOpen(false)}
        onConfirm={() => asking && run(asking)}
      />
    </Box>
  );
}
