import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { addressInputSchema, birthdayInputSchema } from '@plaza/contract/profile';
import { type RegistrationInput, registrationInvoiceAddressSchema } from '@plaza/contract/registration';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { useSession } from '../../app/session';
import { useLang } from '../../app/use-lang';
import { ApiRequestError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { useRegister } from './api';
import {
  type AddressDraft,
  clearDraft,
  loadDraft,
  type RegistrationDraft,
  type SignupType,
  type StepName,
  saveDraft,
  stepOfField,
  stepsOf,
} from './registration-state';
import {
  AddressStep,
  type FieldErrors,
  PaymentStep,
  PersonalStep,
  SubscriptionStep,
  TermsStep,
} from './registration-steps';

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** An address draft as the contract's address input. */
function addressInput(draft: AddressDraft, separate: boolean) {
  return {
    gender: (blankToNull(draft.gender) as 'female' | 'male' | 'diverse' | null) ?? null,
    title: blankToNull(draft.title),
    firstname: draft.firstname,
    lastname: draft.lastname,
    address: draft.address,
    house_number: draft.house_number,
    address_2: blankToNull(draft.address_2),
    address_details: blankToNull(draft.address_details),
    zip: draft.zip,
    city: draft.city,
    country: draft.country,
    email: null,
    separate_delivery_address: separate,
  };
}

/** The registration as `POST users/new` takes it. */
export function registrationInput(
  draft: RegistrationDraft,
  type: SignupType,
  secrets: { password: string; iban: string },
  language: 'de_DE' | 'en_GB',
): RegistrationInput {
  const advanced = type === 'advanced';
  const separate = advanced && draft.separate;
  const number = draft.subscriber_number.trim();
  return {
    agb: draft.agb,
    invoice_address: {
      ...addressInput(draft.invoice, separate),
      email: draft.email.trim(),
      password: secrets.password,
    },
    delivery_address: separate ? addressInput(draft.delivery, false) : null,
    subscription_id: advanced && !number ? draft.subscription_id : null,
    gift_id: advanced && !number ? draft.gift_id : null,
    payment:
      advanced && !number && draft.payment_method
        ? {
            method: draft.payment_method,
            sepa:
              draft.payment_method === 'sepa'
                ? { account_holder: draft.account_holder, iban: secrets.iban, bic: blankToNull(draft.bic) }
                : null,
          }
        : null,
    personal_data: advanced
      ? {
          topics: draft.topics,
          newsletter_subscription: draft.newsletters as ('company_news' | 'events' | 'offers')[],
          birthday: blankToNull(draft.birthday),
        }
      : null,
    subscriber_number: advanced && number ? number : null,
    selected_language: language,
  };
}

/** The text of a zod issue at a field. */
function issueText(t: TFunction, issue: z.core.$ZodIssue, value: unknown): string {
  if (value === '' || value === null || value === undefined) return t('registration.errors.required');
  if (issue.code === 'too_big') return t('registration.errors.too_long');
  if (issue.code === 'too_small') return t('registration.errors.too_short');
  return t('registration.errors.invalid');
}

function schemaErrors(
  t: TFunction,
  prefix: string,
  schema: z.ZodType,
  value: Record<string, unknown>,
): FieldErrors {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    const key = `${prefix}.${name}`;
    if (name && !errors[key]) errors[key] = issueText(t, issue, value[name]);
  }
  return errors;
}

/** The checks of one step before the next one (the server checks all again). */
export function stepErrors(
  t: TFunction,
  step: StepName,
  draft: RegistrationDraft,
  secrets: { password: string; iban: string },
  type: SignupType,
): FieldErrors {
  const input = registrationInput(draft, type, secrets, 'en_GB');
  const required = t('registration.errors.required');
  switch (step) {
    case 'subscription': {
      const number = draft.subscriber_number.trim();
      if (number)
        return /^\d{8}$/.test(number)
          ? {}
          : { subscriber_number: t('registration.errors.subscriber_number') };
      return draft.subscription_id === null ? { subscription_id: t('registration.errors.subscription') } : {};
    }
    case 'personal':
      return birthdayInputSchema.safeParse(blankToNull(draft.birthday)).success
        ? {}
        : { 'personal_data.birthday': t('registration.errors.birthday') };
    case 'address':
      return {
        ...schemaErrors(t, 'invoice_address', registrationInvoiceAddressSchema, input.invoice_address),
        ...(input.delivery_address
          ? schemaErrors(t, 'delivery_address', addressInputSchema, input.delivery_address)
          : {}),
      };
    case 'payment': {
      if (draft.subscriber_number.trim()) return {};
      if (!draft.payment_method) return { 'payment.method': t('registration.errors.payment') };
      if (draft.payment_method !== 'sepa') return {};
      const errors: FieldErrors = {};
      if (!draft.account_holder.trim()) errors['payment.sepa.account_holder'] = required;
      if (!secrets.iban.trim()) errors['payment.sepa.iban'] = required;
      return errors;
    }
    case 'terms':
      return draft.agb ? {} : { agb: t('errors.messages.agb') };
  }
}

/**
 * `/{lang}/registration` (spec 1, 2 "Registration and shop"): a stepper honouring
 * `signup_configuration.type` (basic: account and terms; advanced: subscription and gift, personal data,
 * addresses, payment, terms, or a subscriber number instead of a new subscription). The draft stays in
 * sessionStorage across steps and reloads (never the password nor the IBAN); the server's field errors
 * show at their fields, on their step; the 202 ends on "check your mail".
 */
export function RegistrationPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const config = useSession().settings.signup_configuration;
  const type: SignupType = config.type;
  const steps = stepsOf[type] as readonly StepName[];
  const [draft, setDraft] = useState<RegistrationDraft>(loadDraft);
  const [password, setPassword] = useState('');
  const [iban, setIban] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const register = useRegister();
  const headingRef = useRef<HTMLDivElement>(null);
  const index = Math.min(Math.max(draft.step, 0), steps.length - 1);
  const step = steps[index] ?? steps[0]!;
  const moved = useRef(false);

  useEffect(() => saveDraft(draft), [draft]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs when the step or the final screen changes.
  useEffect(() => {
    // Focus the step's content after moving, so keyboard and screen reader users start there.
    if (moved.current) headingRef.current?.focus();
    moved.current = true;
  }, [index, sentTo]);

  const update = (patch: Partial<RegistrationDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const goTo = (next: number) => update({ step: next });
  const secrets = { password, iban };

  if (!config.active) return <Navigate to={`/${lang}/404`} replace />;

  if (sentTo !== null) {
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto', px: 2, py: 4 }}>
        <Paper variant="outlined" sx={{ p: 3 }} ref={headingRef} tabIndex={-1} role="status">
          <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 2 }}>
            {t('registration.done.title')}
          </Typography>
          <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {t('registration.done.text', { email: sentTo })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('registration.done.hint')}
          </Typography>
          <Button component={RouterLink} to={`/${lang}/login`} variant="outlined">
            {t('registration.to_login')}
          </Button>
        </Paper>
      </Box>
    );
  }

  const submit = async () => {
    setFailure(null);
    const input = registrationInput(draft, type, secrets, lang);
    try {
      await register.mutateAsync(input);
      clearDraft();
      setPassword('');
      setIban('');
      setSentTo(input.invoice_address.email);
    } catch (caught) {
      const fields =
        caught instanceof ApiRequestError
          ? caught.errors.filter((item) => item.field && stepOfField(item.field, type))
          : [];
      if (caught instanceof ApiRequestError && caught.code === 'agb_not_accepted' && fields.length === 0) {
        fields.push({ code: caught.code, message: t('errors.messages.agb'), field: 'agb' });
      }
      if (fields.length) {
        setErrors(Object.fromEntries(fields.map((item) => [item.field!, item.message])));
        const first = steps.indexOf(stepOfField(fields[0]!.field!, type)!);
        goTo(first);
        setFailure(t('registration.errors.fix_fields'));
      } else {
        setFailure(apiErrorText(t, caught));
      }
    }
  };

  const next = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = stepErrors(t, step, draft, secrets, type);
    // Keep the errors of other steps (from the server) until their step is checked again.
    const others = Object.fromEntries(
      Object.entries(errors).filter(([field]) => stepOfField(field, type) !== step),
    );
    setErrors({ ...others, ...found });
    if (Object.keys(found).length) {
      setFailure(null);
      const firstField = Object.keys(found)[0];
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[name="${firstField}"]`)?.focus());
      return;
    }
    // A subscriber number takes no new subscription, so no payment.
    let target = index + 1;
    if (steps[target] === 'payment' && draft.subscriber_number.trim()) target += 1;
    if (target < steps.length) {
      setFailure(null);
      goTo(target);
      return;
    }
    const firstWithErrors = steps.findIndex(
      (name) => Object.keys(stepErrors(t, name, draft, secrets, type)).length > 0,
    );
    if (firstWithErrors >= 0 && firstWithErrors !== index) {
      setErrors(stepErrors(t, steps[firstWithErrors]!, draft, secrets, type));
      setFailure(t('registration.errors.fix_fields'));
      goTo(firstWithErrors);
      return;
    }
    await submit();
  };

  const stepProps = { draft, update, errors };
  const last = index === steps.length - 1;
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto', px: 2, py: { xs: 2, sm: 4 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, mb: 1 }}>
        {t('registration.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t(`registration.intro_${type}`)}{' '}
        <RouterLink to={`/${lang}/login`}>{t('registration.have_account')}</RouterLink>
      </Typography>
      <Stepper
        activeStep={index}
        nonLinear
        alternativeLabel={false}
        aria-label={t('registration.steps_label')}
        sx={{
          mb: 3,
          flexWrap: 'wrap',
          rowGap: 1,
          '& .MuiStepLabel-label': { display: { xs: 'none', sm: 'block' } },
        }}
      >
        {steps.map((name, position) => (
          <Step key={name} completed={position < index}>
            <StepButton
              onClick={() => position < index && goTo(position)}
              disabled={position > index}
              aria-current={position === index ? 'step' : undefined}
              aria-label={t('registration.step_of', {
                step: position + 1,
                count: steps.length,
                name: t(`registration.steps.${name}`),
              })}
            >
              {t(`registration.steps.${name}`)}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      <Box component="form" noValidate onSubmit={next} aria-label={t(`registration.steps.${step}`)}>
        <Box ref={headingRef} tabIndex={-1} sx={{ outline: 'none' }}>
          <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
            {t('registration.step_of', {
              step: index + 1,
              count: steps.length,
              name: t(`registration.steps.${step}`),
            })}
          </Typography>
        </Box>
        {step === 'subscription' && <SubscriptionStep {...stepProps} />}
        {step === 'personal' && <PersonalStep {...stepProps} />}
        {step === 'address' && (
          <AddressStep
            {...stepProps}
            password={password}
            onPassword={setPassword}
            advanced={type === 'advanced'}
          />
        )}
        {step === 'payment' && <PaymentStep {...stepProps} iban={iban} onIban={setIban} />}
        {step === 'terms' && <TermsStep {...stepProps} />}
        {failure && (
          <Alert severity="error" role="alert" sx={{ my: 2 }}>
            {failure}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 2, mt: 3, justifyContent: 'space-between' }}>
          <Button
            type="button"
            variant="text"
            disabled={index === 0}
            onClick={() => {
              let target = index - 1;
              if (steps[target] === 'payment' && draft.subscriber_number.trim()) target -= 1;
              goTo(Math.max(target, 0));
            }}
          >
            {t('registration.back')}
          </Button>
          <Button type="submit" variant="contained" disabled={register.isPending}>
            {last
              ? register.isPending
                ? t('registration.sending')
                : t('registration.submit')
              : t('registration.next')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
