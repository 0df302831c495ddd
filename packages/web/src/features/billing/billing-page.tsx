import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Subscription, SubscriptionItem } from '@plaza/contract/billing';
import { htmlLang, type Locale } from '@plaza/contract/constants';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ApiRequestError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { formatMoney } from '../../lib/money';
import {
  invoicesQuery,
  subscriptionsQuery,
  useCancelSubscription,
  useLinkSubscription,
  useRemoveItem,
  useUpdateItem,
} from './api';

/** A YYYY-MM-DD day in the page language ("31. Dezember 2026", "31 December 2026"). */
export function formatDay(day: string, lang: Locale): string {
  return new Intl.DateTimeFormat(htmlLang(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day.slice(0, 10)}T00:00:00Z`),
  );
}

const stateColor = { pending: 'warning', active: 'success', cancelled: 'default', ended: 'default' } as const;

/** The plan's quantity (from the next period) or a gift to decline. */
function ItemRow({ item, subscription }: { item: SubscriptionItem; subscription: Subscription }) {
  const { t } = useTranslation();
  const lang = useLang();
  const update = useUpdateItem();
  const remove = useRemoveItem();
  const [declining, setDeclining] = useState(false);
  const label = useId();
  return (
    <Box
      component="li"
      sx={{
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
      }}
    >
      <Box sx={{ flex: '1 1 200px' }}>
        <Typography id={label} sx={{ fontWeight: 600 }}>
          {item.name}
          {item.kind === 'gift' && ` · ${t('billing.items.gift')}`}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {item.kind === 'plan'
            ? t('billing.items.plan_price', {
                count: item.quantity,
                price: formatMoney(item.unit_price, subscription.currency, lang),
              })
            : t('billing.items.free')}
        </Typography>
        {item.next_quantity !== null && item.next_quantity !== item.quantity && (
          <Typography variant="body2" role="status">
            {t('billing.items.next_quantity', { count: item.next_quantity })}
          </Typography>
        )}
      </Box>
      {item.kind === 'plan' && item.editable && (
        <TextField
          select
          size="small"
          label={t('billing.items.quantity')}
          helperText={t('billing.items.from_next_period')}
          value={String(item.next_quantity ?? item.quantity)}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ id: item.id, quantity: Number(event.target.value) })}
          sx={{ minWidth: 160 }}
        >
          {Array.from({ length: 10 }, (_, position) => position + 1).map((count) => (
            <MenuItem key={count} value={String(count)}>
              {count}
            </MenuItem>
          ))}
        </TextField>
      )}
      {item.kind === 'gift' && item.removable && (
        <Button variant="outlined" color="error" onClick={() => setDeclining(true)}>
          {t('billing.items.decline')}
        </Button>
      )}
      {update.isError && (
        <Alert severity="error" role="alert" sx={{ flexBasis: '100%' }}>
          {apiErrorText(t, update.error)}
        </Alert>
      )}
      <ConfirmDialog
        open={declining}
        title={t('billing.items.decline_title')}
        text={t('billing.items.decline_text', { name: item.name })}
        confirmLabel={t('billing.items.decline')}
        destructive
        pending={remove.isPending}
        error={remove.isError ? apiErrorText(t, remove.error) : null}
        onConfirm={() => remove.mutate(item.id, { onSuccess: () => setDeclining(false) })}
        onClose={() => {
          setDeclining(false);
          remove.reset();
        }}
      />
    </Box>
  );
}

/** A subscription's invoices with their PDFs, a page at a time. */
function Invoices({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const lang = useLang();
  const invoices = useInfiniteQuery(invoicesQuery(subscription.id));
  const rows = invoices.data?.pages.flatMap((page) => page.results) ?? [];
  const heading = useId();
  return (
    <Box component="section" aria-labelledby={heading} sx={{ mt: 2 }}>
      <Typography id={heading} component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('billing.invoices.title')}
      </Typography>
      {invoices.isPending && <CircularProgress size={20} aria-label={t('billing.loading')} />}
      {invoices.isError && (
        <Alert severity="error" role="alert">
          {apiErrorText(t, invoices.error)}
        </Alert>
      )}
      {invoices.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary">{t('billing.invoices.none')}</Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((invoice) => (
          <Box
            component="li"
            key={invoice.id}
            sx={{
              py: 1,
              borderTop: 1,
              borderColor: 'divider',
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              justifyContent: 'space-between',
            }}
          >
            <span>
              {t('billing.invoices.row', {
                number: invoice.number,
                from: formatDay(invoice.period_start, lang),
                to: formatDay(invoice.period_end, lang),
              })}
            </span>
            <span>
              {formatMoney(invoice.amount, invoice.currency, lang)} ·{' '}
              {t(`billing.invoices.states.${invoice.state}`)} ·{' '}
              <Link href={invoice.pdf_url} target="_blank" rel="noopener">
                {t('billing.invoices.pdf', { number: invoice.number })}
              </Link>
            </span>
          </Box>
        ))}
      </Box>
      {invoices.hasNextPage && (
        <Button
          onClick={() => invoices.fetchNextPage()}
          disabled={invoices.isFetchingNextPage}
          sx={{ mt: 1 }}
        >
          {t('billing.load_more')}
        </Button>
      )}
    </Box>
  );
}

/** One subscription: state, price, dates, items, invoices and its cancellation. */
export function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const lang = useLang();
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const heading = useId();
  const day = (value: string | null) => (value ? formatDay(value, lang) : null);
  const dates: [string, string | null][] = [
    ['started_on', day(subscription.started_on)],
    [
      'current_period',
      subscription.current_period_start && subscription.current_period_end
        ? t('billing.dates.range', {
            from: day(subscription.current_period_start),
            to: day(subscription.current_period_end),
          })
        : null,
    ],
    ['minimum_term_end', day(subscription.minimum_term_end)],
    ['cancelled_on', day(subscription.cancelled_on)],
    ['ends_on', day(subscription.ends_on)],
  ];
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={heading}
      sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography
          id={heading}
          component="h2"
          sx={{ fontSize: '1.25rem', fontWeight: 600, flex: '1 1 auto' }}
        >
          {subscription.name}
        </Typography>
        <Chip
          label={t(`billing.states.${subscription.state}`)}
          color={stateColor[subscription.state]}
          size="small"
        />
      </Box>
      <Typography sx={{ fontSize: '1.125rem' }}>
        {t(`billing.per_${subscription.period}`, {
          price: formatMoney(subscription.price, subscription.currency, lang),
        })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('billing.number', { number: subscription.number })} ·{' '}
        {t(`shop.methods.${subscription.payment.method}`)}
        {subscription.payment.sepa && ` (${subscription.payment.sepa.iban_last4})`}
      </Typography>
      {subscription.state === 'cancelled' && subscription.ends_on && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('billing.cancelled_until', { date: day(subscription.ends_on) })}
        </Alert>
      )}
      {subscription.state === 'pending' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('billing.pending')}
        </Alert>
      )}
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 3,
          rowGap: 0.5,
          m: 0,
          mb: 2,
        }}
      >
        {dates
          .filter(([, value]) => value)
          .map(([key, value]) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {t(`billing.dates.${key}`)}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
      </Box>
      <Typography component="h3" sx={{ fontWeight: 600 }}>
        {t('billing.items.title')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 1 }}>
        {subscription.items.map((item) => (
          <ItemRow key={item.id} item={item} subscription={subscription} />
        ))}
      </Box>
      <Invoices subscription={subscription} />
      {subscription.earliest_end && (subscription.state === 'active' || subscription.state === 'pending') && (
        <Box sx={{ mt: 3 }}>
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            {t('billing.cancel.button')}
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('billing.cancel.title')}
        text={t('billing.cancel.text', { name: subscription.name, date: day(subscription.earliest_end) })}
        confirmLabel={t('billing.cancel.confirm')}
        destructive
        pending={cancel.isPending}
        error={cancel.isError ? apiErrorText(t, cancel.error) : null}
        onConfirm={() => cancel.mutate(subscription.id, { onSuccess: () => setConfirming(false) })}
        onClose={() => {
          setConfirming(false);
          cancel.reset();
        }}
      />
    </Paper>
  );
}

/** Links a subscription the member already has (e.g. in print) by its number and postcode. */
function LinkSubscription() {
  const { t } = useTranslation();
  const link = useLinkSubscription();
  const [number, setNumber] = useState('');
  const [zip, setZip] = useState('');
  const [error, setError] = useState<string | null>(null);
  const heading = useId();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!/^\d{8}$/.test(number.trim()) || zip.trim().length < 2) {
      setError(t('billing.link.incomplete'));
      return;
    }
    link.mutate(
      { number: number.trim(), zip: zip.trim() },
      {
        onError: (caught) =>
          setError(
            caught instanceof ApiRequestError && caught.code === 'subscription_not_found'
              ? t('billing.link.not_found')
              : apiErrorText(t, caught),
          ),
      },
    );
  };
  return (
    <Paper
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby={heading}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id={heading} component="h2" sx={{ fontSize: '1.25rem', fontWeight: 600, mb: 1 }}>
        {t('billing.link.title')}
      </Typography>
      <Typography color="text.secondary">{t('billing.link.text')}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <TextField
          name="subscriber_number"
          label={t('billing.link.number')}
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          margin="normal"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
        />
        <TextField
          name="zip"
          label={t('billing.link.zip')}
          value={zip}
          onChange={(event) => setZip(event.target.value)}
          margin="normal"
          slotProps={{ htmlInput: { maxLength: 10, autoComplete: 'postal-code' } }}
        />
      </Box>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {link.isSuccess && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {t('billing.link.done')}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={link.isPending}>
        {t('billing.link.submit')}
      </Button>
    </Paper>
  );
}

/**
 * `/{lang}/billing` (the settings drawer's "billing"): the member's subscriptions with state, price,
 * dates, items, invoices and cancellation; when there is none, linking one by number and postcode.
 */
export function BillingPage() {
  const { t } = useTranslation();
  const subscriptions = useQuery(subscriptionsQuery());
  return (
    <Box sx={{ maxWidth: 880 }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {t('billing.title')}
      </Typography>
      {subscriptions.isPending && <CircularProgress aria-label={t('billing.loading')} />}
      {subscriptions.isError && (
        <Alert
          severity="error"
          role="alert"
          action={<Button onClick={() => subscriptions.refetch()}>{t('billing.retry')}</Button>}
        >
          {apiErrorText(t, subscriptions.error)}
        </Alert>
      )}
      {subscriptions.data?.map((subscription) => (
        <SubscriptionCard key={subscription.id} subscription={subscription} />
      ))}
      {subscriptions.data?.length === 0 && (
        <Typography sx={{ mb: 3 }} role="status">
          {t('billing.empty')}
        </Typography>
      )}
      {subscriptions.isSuccess && <LinkSubscription />}
    </Box>
  );
}
