import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { genders, limits, shopLimits } from '@plaza/contract/constants';
import { newsletterKeys } from '@plaza/contract/profile';
import type { PaymentMethod } from '@plaza/contract/shop';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../../app/use-lang';
import { addressTextFields } from '../../components/address-fields';
import { apiErrorText } from '../../lib/api-error-text';
import { formatMoney } from '../../lib/money';
import {
  countriesQuery,
  giftsQuery,
  paymentServicesQuery,
  subscriptionOptionsQuery,
  topicsQuery,
} from './api';
import type { AddressDraft, RegistrationDraft } from './registration-state';

/** Field errors by the server's field path (`invoice_address.zip`). */
export type FieldErrors = Record<string, string>;

export interface StepProps {
  draft: RegistrationDraft;
  update: (patch: Partial<RegistrationDraft>) => void;
  errors: FieldErrors;
}

const sectionTitle = { fontSize: '1.25rem', fontWeight: 600, mb: 1 } as const;

/** A text field bound to one path of the form, its error shown below it. */
function Field({ path, errors, ...props }: TextFieldProps & { path: string; errors: FieldErrors }) {
  const error = errors[path];
  return (
    <TextField
      name={path}
      fullWidth
      margin="normal"
      {...props}
      error={Boolean(error)}
      helperText={error ?? props.helperText}
    />
  );
}

/** Subscription option and gift, or a subscriber number instead of a new subscription. */
export function SubscriptionStep({ draft, update, errors }: StepProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const options = useQuery(subscriptionOptionsQuery());
  const gifts = useQuery(giftsQuery());
  const optionsLabel = useId();
  const giftsLabel = useId();
  const chosen = draft.subscription_id;
  const giftsOfOption = (gifts.data ?? []).filter(
    (gift) => gift.available && chosen !== null && gift.subscription_option_ids.includes(chosen),
  );
  return (
    <>
      <Typography id={optionsLabel} component="h2" sx={sectionTitle}>
        {t('registration.subscription.title')}
      </Typography>
      {options.isPending && <CircularProgress size={24} aria-label={t('registration.loading')} />}
      {options.isError && (
        <Alert severity="error" role="alert">
          {apiErrorText(t, options.error)}
        </Alert>
      )}
      {options.data?.length === 0 && <Typography>{t('registration.subscription.none')}</Typography>}
      <Box
        role="radiogroup"
        aria-labelledby={optionsLabel}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 }}
      >
        {options.data?.map((option) => {
          const selected = chosen === option.id;
          return (
            <Card
              key={option.id}
              variant="outlined"
              sx={{ borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}
            >
              <CardActionArea
                role="radio"
                aria-checked={selected}
                onClick={() => update({ subscription_id: selected ? null : option.id, gift_id: null })}
                sx={{ height: '100%', alignItems: 'flex-start' }}
              >
                {option.image && (
                  <Box
                    component="img"
                    src={option.image}
                    alt=""
                    sx={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' }}
                  />
                )}
                <CardContent>
                  <Typography component="h3" sx={{ fontWeight: 600 }}>
                    {option.name}
                  </Typography>
                  <Typography sx={{ fontSize: '1.125rem', my: 0.5 }}>
                    {t(`registration.subscription.per_${option.period}`, {
                      price: formatMoney(option.price, option.currency, lang),
                    })}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('registration.subscription.terms', {
                      count: option.minimum_term,
                      period: t(`registration.periods.${option.period}`, { count: option.minimum_term }),
                      days: option.notice_days,
                    })}
                  </Typography>
                  {option.description && (
                    <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
                      {option.description}
                    </Typography>
                  )}
                </CardContent>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
      {errors.subscription_id && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {errors.subscription_id}
        </Alert>
      )}
      {giftsOfOption.length > 0 && (
        <FormControl sx={{ display: 'block', mb: 2 }} error={Boolean(errors.gift_id)}>
          <FormLabel id={giftsLabel} sx={{ fontWeight: 600, color: 'text.primary' }}>
            {t('registration.subscription.gift')}
          </FormLabel>
          <RadioGroup
            aria-labelledby={giftsLabel}
            name="gift_id"
            value={draft.gift_id === null ? '' : String(draft.gift_id)}
            onChange={(event) => update({ gift_id: event.target.value ? Number(event.target.value) : null })}
          >
            <FormControlLabel value="" control={<Radio />} label={t('registration.subscription.no_gift')} />
            {giftsOfOption.map((gift) => (
              <FormControlLabel
                key={gift.id}
                value={String(gift.id)}
                control={<Radio />}
                label={gift.description ? `${gift.name} – ${gift.description}` : gift.name}
              />
            ))}
          </RadioGroup>
          {errors.gift_id && <FormHelperText>{errors.gift_id}</FormHelperText>}
        </FormControl>
      )}
      <Typography component="h2" sx={{ ...sectionTitle, mt: 3 }}>
        {t('registration.subscriber_number.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('registration.subscriber_number.text')}
      </Typography>
      <Field
        path="subscriber_number"
        errors={errors}
        label={t('registration.subscriber_number.label')}
        value={draft.subscriber_number}
        onChange={(event) => update({ subscriber_number: event.target.value })}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8, autoComplete: 'off' } }}
        sx={{ maxWidth: 320 }}
      />
    </>
  );
}

/** Topics, newsletters and birthday. */
export function PersonalStep({ draft, update, errors }: StepProps) {
  const { t } = useTranslation();
  const topics = useQuery(topicsQuery());
  const topicsLabel = useId();
  const newsLabel = useId();
  const toggle = <T,>(list: T[], value: T) =>
    list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
  return (
    <>
      <Typography component="h2" sx={sectionTitle}>
        {t('registration.personal.title')}
      </Typography>
      {(topics.data?.length ?? 0) > 0 && (
        <FormControl
          component="fieldset"
          sx={{ display: 'block', mb: 2 }}
          error={Boolean(errors['personal_data.topics'])}
        >
          <FormLabel component="legend" id={topicsLabel}>
            {t('registration.personal.topics')}
          </FormLabel>
          <FormGroup row>
            {topics.data?.map((topic) => (
              <FormControlLabel
                key={topic.id}
                control={
                  <Checkbox
                    checked={draft.topics.includes(topic.id)}
                    onChange={() => update({ topics: toggle(draft.topics, topic.id) })}
                  />
                }
                label={topic.label}
              />
            ))}
          </FormGroup>
          {errors['personal_data.topics'] && (
            <FormHelperText>{errors['personal_data.topics']}</FormHelperText>
          )}
        </FormControl>
      )}
      <FormControl component="fieldset" sx={{ display: 'block', mb: 2 }}>
        <FormLabel component="legend" id={newsLabel}>
          {t('registration.personal.newsletters')}
        </FormLabel>
        <FormGroup row>
          {newsletterKeys.map((key) => (
            <FormControlLabel
              key={key}
              control={
                <Checkbox
                  checked={draft.newsletters.includes(key)}
                  onChange={() => update({ newsletters: toggle(draft.newsletters, key) })}
                />
              }
              label={t(`registration.personal.newsletter.${key}`)}
            />
          ))}
        </FormGroup>
      </FormControl>
      <Field
        path="personal_data.birthday"
        errors={errors}
        label={t('registration.personal.birthday')}
        helperText={t('registration.personal.birthday_hint')}
        value={draft.birthday}
        onChange={(event) => update({ birthday: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 10, autoComplete: 'bday' } }}
        sx={{ maxWidth: 320 }}
      />
    </>
  );
}

/** The countries of an address, as the server names them in the page language. */
function useCountries() {
  return useQuery(countriesQuery()).data ?? [];
}

/** The fields of one address; `prefix` is the server's name of it. */
function AddressFields({
  prefix,
  value,
  onChange,
  errors,
}: {
  prefix: 'invoice_address' | 'delivery_address';
  value: AddressDraft;
  onChange: (value: AddressDraft) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation();
  const countries = useCountries();
  const auto = prefix === 'invoice_address' ? 'billing' : 'shipping';
  const field = (
    name: keyof AddressDraft,
    maxLength: number,
    extra: Partial<TextFieldProps> & { autoComplete?: string } = {},
  ) => {
    const { autoComplete, ...rest } = extra;
    return (
      <Field
        path={`${prefix}.${name}`}
        errors={errors}
        label={t(`profile.address.${name}`)}
        value={value[name]}
        onChange={(event) => onChange({ ...value, [name]: event.target.value })}
        slotProps={{
          htmlInput: { maxLength, autoComplete: autoComplete ? `${auto} ${autoComplete}` : undefined },
        }}
        {...rest}
      />
    );
  };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
      <Field
        select
        path={`${prefix}.gender`}
        errors={errors}
        label={t('profile.address.salutation')}
        value={value.gender}
        onChange={(event) => onChange({ ...value, gender: event.target.value })}
      >
        <MenuItem value="">{t('registration.address.no_salutation')}</MenuItem>
        {genders.map((gender) => (
          <MenuItem key={gender} value={gender}>
            {t(`registration.address.salutations.${gender}`)}
          </MenuItem>
        ))}
      </Field>
      {addressTextFields.map(({ name, max, required, autoComplete }) => (
        <Fragment key={name}>{field(name, max, { required, autoComplete })}</Fragment>
      ))}
      <Field
        select
        required
        path={`${prefix}.country`}
        errors={errors}
        label={t('profile.address.country')}
        value={value.country}
        onChange={(event) => onChange({ ...value, country: event.target.value })}
      >
        {countries.map((country) => (
          <MenuItem key={country.value} value={country.value}>
            {country.label}
          </MenuItem>
        ))}
      </Field>
    </Box>
  );
}

/** Invoice address with the account's email and password, and a separate delivery address. */
export function AddressStep({
  draft,
  update,
  errors,
  password,
  onPassword,
  advanced,
}: StepProps & { password: string; onPassword: (value: string) => void; advanced: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography component="h2" sx={sectionTitle}>
        {t('registration.address.account')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <Field
          path="invoice_address.email"
          errors={errors}
          type="email"
          required
          label={t('profile.address.email')}
          value={draft.email}
          onChange={(event) => update({ email: event.target.value })}
          slotProps={{ htmlInput: { maxLength: limits.emailMaxLength, autoComplete: 'email' } }}
        />
        <Field
          path="invoice_address.password"
          errors={errors}
          type="password"
          required
          label={t('registration.address.password')}
          helperText={t('registration.address.password_hint', { count: limits.passwordMinLength })}
          value={password}
          onChange={(event) => onPassword(event.target.value)}
          slotProps={{ htmlInput: { maxLength: limits.passwordMaxLength, autoComplete: 'new-password' } }}
        />
      </Box>
      <Typography component="h2" sx={{ ...sectionTitle, mt: 3 }}>
        {t('profile.address.invoice')}
      </Typography>
      <AddressFields
        prefix="invoice_address"
        value={draft.invoice}
        onChange={(invoice) => update({ invoice })}
        errors={errors}
      />
      {advanced && (
        <>
          <FormControlLabel
            sx={{ mt: 1 }}
            control={
              <Checkbox
                name="separate_delivery_address"
                checked={draft.separate}
                onChange={(event) => update({ separate: event.target.checked })}
              />
            }
            label={t('profile.address.separate_delivery_address')}
          />
          {draft.separate && (
            <>
              <Typography component="h2" sx={{ ...sectionTitle, mt: 3 }}>
                {t('profile.address.delivery')}
              </Typography>
              <AddressFields
                prefix="delivery_address"
                value={draft.delivery}
                onChange={(delivery) => update({ delivery })}
                errors={errors}
              />
            </>
          )}
        </>
      )}
    </>
  );
}

/** The payment providers; SEPA asks for holder, IBAN (kept in memory only) and BIC. */
export function PaymentStep({
  draft,
  update,
  errors,
  iban,
  onIban,
}: StepProps & { iban: string; onIban: (value: string) => void }) {
  const { t } = useTranslation();
  const services = useQuery(paymentServicesQuery());
  const label = useId();
  return (
    <>
      <Typography id={label} component="h2" sx={sectionTitle}>
        {t('registration.payment.title')}
      </Typography>
      {services.isPending && <CircularProgress size={24} aria-label={t('registration.loading')} />}
      <FormControl error={Boolean(errors['payment.method'])} sx={{ display: 'block' }}>
        <RadioGroup
          aria-labelledby={label}
          name="payment_method"
          value={draft.payment_method}
          onChange={(event) => update({ payment_method: event.target.value as PaymentMethod })}
        >
          {services.data?.map((service) => (
            <FormControlLabel
              key={service.id}
              value={service.id}
              control={<Radio />}
              label={service.name || t(`shop.methods.${service.id}`)}
            />
          ))}
        </RadioGroup>
        {errors['payment.method'] && <FormHelperText role="alert">{errors['payment.method']}</FormHelperText>}
      </FormControl>
      {draft.payment_method === 'stripe' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('registration.payment.card_note')}
        </Typography>
      )}
      {draft.payment_method === 'sepa' && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1', mt: 1 }}>
            {t('shop.cart.payment.sepa_note')}
          </Typography>
          <Field
            path="payment.sepa.account_holder"
            errors={errors}
            required
            label={t('shop.cart.payment.account_holder')}
            value={draft.account_holder}
            onChange={(event) => update({ account_holder: event.target.value })}
            slotProps={{ htmlInput: { maxLength: shopLimits.accountHolderMax, autoComplete: 'name' } }}
          />
          <Field
            path="payment.sepa.iban"
            errors={errors}
            required
            label={t('shop.cart.payment.iban')}
            value={iban}
            onChange={(event) => onIban(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 42, spellCheck: false, autoComplete: 'off' } }}
          />
          <Field
            path="payment.sepa.bic"
            errors={errors}
            label={t('shop.cart.payment.bic')}
            value={draft.bic}
            onChange={(event) => update({ bic: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 11, spellCheck: false, autoComplete: 'off' } }}
          />
        </Box>
      )}
    </>
  );
}

/** The terms (errors.messages.agb when not ticked) and a summary of the choice. */
export function TermsStep({ draft, update, errors }: StepProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const errorId = useId();
  const error = errors.agb;
  return (
    <>
      <Typography component="h2" sx={sectionTitle}>
        {t('registration.terms.title')}
      </Typography>
      <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {t('registration.terms.text', { email: draft.email })}
      </Typography>
      <FormControl error={Boolean(error)} sx={{ display: 'block' }}>
        <FormControlLabel
          control={
            <Checkbox
              name="agb"
              checked={draft.agb}
              onChange={(event) => update({ agb: event.target.checked })}
              slotProps={{
                input: {
                  'aria-invalid': Boolean(error),
                  'aria-describedby': error ? errorId : undefined,
                } as React.InputHTMLAttributes<HTMLInputElement>,
              }}
            />
          }
          label={
            <Trans
              i18nKey="registration.terms.accept"
              components={[<Link key="terms" component={RouterLink} to={`/${lang}/terms`} target="_blank" />]}
            />
          }
        />
        {error && (
          <FormHelperText id={errorId} role="alert">
            {error}
          </FormHelperText>
        )}
      </FormControl>
    </>
  );
}
