import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { shopLimits } from '@plaza/contract/constants';
import type { ChosenPayment, PaymentMethod } from '@plaza/contract/shop';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../lib/api-client';
import { shopErrorText } from '../../lib/shop';
import { paymentServicesQuery, useChoosePayment } from './api';

type SepaField = 'account_holder' | 'iban' | 'bic';
const sepaFields: SepaField[] = ['account_holder', 'iban', 'bic'];

/**
 * The payment choice: the providers this server offers (`GET payments`, spec 7 `services`); a SEPA
 * direct debit asks for account holder, IBAN and BIC, which the server checks (its field errors show
 * at their fields). The chosen payment is the cart's.
 */
export function PaymentForm({ chosen }: { chosen: ChosenPayment | null }) {
  const { t } = useTranslation();
  const services = useQuery(paymentServicesQuery());
  const choose = useChoosePayment();
  const [method, setMethod] = useState<PaymentMethod | ''>(chosen?.method ?? '');
  const [sepa, setSepa] = useState<Record<SepaField, string>>({
    account_holder: chosen?.sepa?.account_holder ?? '',
    iban: '',
    bic: chosen?.sepa?.bic ?? '',
  });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<SepaField, string>>>({});
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const headingId = useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setFieldErrors({});
    if (!method) return setMessage({ severity: 'error', text: t('shop.errors.payment_required') });
    if (method === 'sepa') {
      const missing = (['account_holder', 'iban'] as const).filter((name) => sepa[name].trim() === '');
      if (missing.length) {
        setFieldErrors(
          Object.fromEntries(missing.map((name) => [name, t('errors.messages.required_fields')])),
        );
        return;
      }
    }
    try {
      await choose.mutateAsync({
        method,
        sepa:
          method === 'sepa'
            ? { account_holder: sepa.account_holder, iban: sepa.iban, bic: sepa.bic.trim() || null }
            : null,
      });
      setMessage({ severity: 'success', text: t('shop.cart.payment.saved') });
    } catch (caught) {
      const fields =
        caught instanceof ApiRequestError
          ? caught.errors.flatMap((item) => {
              const name = item.field?.replace(/^sepa\./, '') as SepaField | undefined;
              return name && sepaFields.includes(name) ? [[name, item.message] as const] : [];
            })
          : [];
      if (fields.length) setFieldErrors(Object.fromEntries(fields));
      else setMessage({ severity: 'error', text: shopErrorText(t, caught) });
    }
  };

  const list = services.data ?? [];
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600, mb: 1 }}>
        {t('shop.cart.payment.title')}
      </Typography>
      {chosen && (
        <Typography sx={{ mb: 1 }}>
          {t('shop.cart.payment.chosen', { name: t(`shop.methods.${chosen.method}`) })}
          {chosen.sepa &&
            ` · ${t('shop.cart.payment.account', { holder: chosen.sepa.account_holder, last4: chosen.sepa.iban_last4 })}`}
        </Typography>
      )}
      {services.isPending && <CircularProgress size={24} aria-label={t('shop.cart.payment.loading')} />}
      {services.isError && (
        <Alert severity="error" role="alert">
          {shopErrorText(t, services.error)}
        </Alert>
      )}
      {services.isSuccess && list.length === 0 && (
        <Typography role="status">{t('shop.cart.payment.none')}</Typography>
      )}
      {list.length > 0 && (
        <>
          <RadioGroup
            aria-labelledby={headingId}
            name="payment_method"
            value={method}
            onChange={(event) => setMethod(event.target.value as PaymentMethod)}
          >
            {list.map((service) => (
              <FormControlLabel
                key={service.id}
                value={service.id}
                control={<Radio />}
                label={service.name || t(`shop.methods.${service.id}`)}
              />
            ))}
          </RadioGroup>
          {method === 'sepa' && (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
              <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1', mt: 1 }}>
                {t('shop.cart.payment.sepa_note')}
              </Typography>
              {sepaFields.map((name) => (
                <TextField
                  key={name}
                  name={name}
                  label={t(`shop.cart.payment.${name}`)}
                  required={name !== 'bic'}
                  value={sepa[name]}
                  onChange={(event) => setSepa((values) => ({ ...values, [name]: event.target.value }))}
                  error={Boolean(fieldErrors[name])}
                  helperText={fieldErrors[name]}
                  autoComplete={name === 'account_holder' ? 'name' : 'off'}
                  fullWidth
                  margin="normal"
                  slotProps={{
                    htmlInput: {
                      maxLength:
                        name === 'account_holder' ? shopLimits.accountHolderMax : name === 'iban' ? 42 : 11,
                      spellCheck: false,
                    },
                  }}
                />
              ))}
            </Box>
          )}
          {message && (
            <Alert
              severity={message.severity}
              role={message.severity === 'error' ? 'alert' : 'status'}
              sx={{ my: 1 }}
            >
              {message.text}
            </Alert>
          )}
          <Box sx={{ mt: 1 }}>
            <Button type="submit" variant="outlined" disabled={choose.isPending}>
              {t('shop.cart.payment.save')}
            </Button>
          </Box>
        </>
      )}
    </Box>
  );
}
