import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { validationMessageKeys } from '@plaza/contract/errors';
import type { CartResponse } from '@plaza/contract/shop';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useLang } from '../../app/use-lang';
import { AddressForm } from '../../components/address-form';
import { ApiRequestError } from '../../lib/api-client';
import { shopErrorText, shopKeys } from '../../lib/shop';
import { EmptyRedirectError, usePurchase, useSaveCartAddress } from './api';

/**
 * Where a purchase sends the browser: a provider's checkout (another origin) by a full page load, a
 * page of ours through the router.
 */
export function followRedirect(
  redirect: string,
  navigate: (path: string) => void,
  location: Pick<Location, 'href' | 'origin' | 'assign'> = window.location,
): void {
  const target = new URL(redirect, location.href);
  if (target.origin !== location.origin) location.assign(target.href);
  else navigate(`${target.pathname}${target.search}${target.hash}`);
}

/** The cart's invoice address and, when ticked, its separate delivery address. */
export function CheckoutAddresses({ data }: { data: CartResponse }) {
  const { t } = useTranslation();
  const saveInvoice = useSaveCartAddress('invoice_address');
  const saveDelivery = useSaveCartAddress('delivery_address');
  const [separate, setSeparate] = useState(data.invoice_address?.separate_delivery_address ?? false);
  const salutations = data.form_options.gender_options;
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600, mb: 2 }}>
        {t('shop.cart.addresses')}
      </Typography>
      <AddressForm
        type="invoice_address"
        address={data.invoice_address}
        title={t('shop.cart.invoice_address')}
        countries={data.form_options.invoice_address_country_options}
        salutations={salutations}
        onSave={async (values) => (await saveInvoice.mutateAsync(values)).invoice_address}
        savedText={t('shop.cart.address_saved')}
        onSeparateChange={setSeparate}
        headingLevel="h3"
      />
      {separate && (
        <AddressForm
          type="delivery_address"
          address={data.delivery_address}
          title={t('shop.cart.delivery_address')}
          countries={data.form_options.delivery_address_country_options}
          salutations={salutations}
          onSave={async (values) => (await saveDelivery.mutateAsync(values)).delivery_address}
          savedText={t('shop.cart.address_saved')}
          headingLevel="h3"
        />
      )}
    </Box>
  );
}

/**
 * The terms checkbox and "buy" (spec 4 "Purchase"): unticked terms stop with errors.messages.agb; the
 * answer's `redirect` is followed, an empty one is a failure ('empty redirect'); a cart that changed
 * meanwhile (409 `cart_changed`) is reloaded and the reason shown, its lines marked.
 */
export function PurchaseForm({ ready }: { ready: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const client = useQueryClient();
  const purchase = usePurchase();
  const [agb, setAgb] = useState(false);
  const [agbError, setAgbError] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const agbErrorId = useId();

  const buy = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!agb) {
      setAgbError(true);
      return;
    }
    try {
      const answer = await purchase.mutateAsync();
      followRedirect(answer.redirect, navigate);
    } catch (caught) {
      if (caught instanceof ApiRequestError && caught.code === 'cart_changed') {
        await client.refetchQueries({ queryKey: shopKeys.cart() });
      }
      setFailure(
        caught instanceof EmptyRedirectError ? t('shop.errors.empty_redirect') : shopErrorText(t, caught),
      );
    }
  };

  return (
    <Box component="form" noValidate onSubmit={buy} aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600, mb: 1 }}>
        {t('shop.cart.checkout')}
      </Typography>
      {!ready && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('shop.cart.not_ready')}
        </Typography>
      )}
      <FormControl error={agbError} sx={{ display: 'block', mb: 1 }}>
        <FormControlLabel
          control={
            <Checkbox
              name="agb"
              checked={agb}
              onChange={(event) => {
                setAgb(event.target.checked);
                if (event.target.checked) setAgbError(false);
              }}
              slotProps={{
                input: {
                  'aria-invalid': agbError,
                  'aria-describedby': agbError ? agbErrorId : undefined,
                } as React.InputHTMLAttributes<HTMLInputElement>,
              }}
            />
          }
          label={
            <Trans
              i18nKey="shop.cart.terms"
              components={[<Link key="terms" component={RouterLink} to={`/${lang}/terms`} target="_blank" />]}
            />
          }
        />
        {agbError && (
          <FormHelperText id={agbErrorId} role="alert">
            {t(validationMessageKeys.agb)}
          </FormHelperText>
        )}
      </FormControl>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {t('shop.cart.failed')} {failure}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={purchase.isPending}>
        {purchase.isPending ? t('shop.cart.buying') : t('shop.cart.buy')}
      </Button>
    </Box>
  );
}
