import type { PaymentMethod } from '@plaza/contract/shop';

/** The steps of each sign-up type (`signup_configuration.type`). */
export const stepsOf = {
  basic: ['address', 'terms'],
  advanced: ['subscription', 'personal', 'address', 'payment', 'terms'],
} as const;
export type SignupType = keyof typeof stepsOf;
export type StepName = (typeof stepsOf)['advanced'][number];

export const addressFields = [
  'gender',
  'title',
  'firstname',
  'lastname',
  'address',
  'house_number',
  'address_2',
  'address_details',
  'zip',
  'city',
  'country',
] as const;
export type AddressField = (typeof addressFields)[number];
export type AddressDraft = Record<AddressField, string>;

export const emptyAddress = (): AddressDraft =>
  Object.fromEntries(addressFields.map((name) => [name, name === 'country' ? 'DE' : ''])) as AddressDraft;

/** What the stepper holds between steps and reloads (the password never: it lives in memory only). */
export interface RegistrationDraft {
  step: number;
  subscriber_number: string;
  subscription_id: number | null;
  gift_id: number | null;
  topics: number[];
  newsletters: string[];
  birthday: string;
  invoice: AddressDraft;
  email: string;
  separate: boolean;
  delivery: AddressDraft;
  payment_method: PaymentMethod | '';
  account_holder: string;
  bic: string;
  agb: boolean;
}

export const emptyDraft = (): RegistrationDraft => ({
  step: 0,
  subscriber_number: '',
  subscription_id: null,
  gift_id: null,
  topics: [],
  newsletters: [],
  birthday: '',
  invoice: emptyAddress(),
  email: '',
  separate: false,
  delivery: emptyAddress(),
  payment_method: '',
  account_holder: '',
  bic: '',
  agb: false,
});

/** The sessionStorage key of the draft (per tab, gone when the tab closes). */
export const draftKey = 'plaza.registration';

/** The draft kept in this tab, or an empty one. */
export function loadDraft(): RegistrationDraft {
  try {
    const stored = JSON.parse(
      sessionStorage.getItem(draftKey) ?? 'null',
    ) as Partial<RegistrationDraft> | null;
    if (!stored || typeof stored !== 'object') return emptyDraft();
    const base = emptyDraft();
    return {
      ...base,
      ...stored,
      invoice: { ...base.invoice, ...stored.invoice },
      delivery: { ...base.delivery, ...stored.delivery },
    };
  } catch {
    return emptyDraft();
  }
}

/** Keeps the draft for reloads. Neither the password nor the IBAN is part of it. */
export function saveDraft(draft: RegistrationDraft): void {
  try {
    sessionStorage.setItem(draftKey, JSON.stringify(draft));
  } catch {
    // A full or blocked storage only loses the draft on reload.
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(draftKey);
  } catch {
    // Nothing kept.
  }
}

/**
 * The step that shows a field the server named (`invoice_address.zip`, `payment.sepa.iban`, `agb`), or
 * null when no step of this type shows it.
 */
export function stepOfField(field: string, type: SignupType): StepName | null {
  const head = field.split('.')[0] ?? '';
  const step: StepName | null =
    head === 'invoice_address' || head === 'delivery_address'
      ? 'address'
      : head === 'subscription_id' || head === 'gift_id' || head === 'subscriber_number'
        ? 'subscription'
        : head === 'personal_data'
          ? 'personal'
          : head === 'payment'
            ? 'payment'
            : head === 'agb'
              ? 'terms'
              : null;
  return step && (stepsOf[type] as readonly StepName[]).includes(step) ? step : null;
}
