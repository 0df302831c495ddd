import { endpoints } from '@plaza/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, type RecordedCall, type StubAnswer, stubFetch } from '../../test/fetch-stub';
import { renderInApp, testSettings } from '../../test/render-in-app';
import { RegistrationPage } from './registration-page';
import { draftKey, emptyDraft, type RegistrationDraft, stepOfField } from './registration-state';

const option = (id: number, name: string, price: number) => ({
  id,
  name,
  description: '',
  image: null,
  price,
  currency: 'EUR' as const,
  tax_rate: 700,
  period: 'month' as const,
  minimum_term: 12,
  notice_days: 30,
});
const gift = (id: number, name: string, optionIds: number[], available = true) => ({
  id,
  name,
  description: '',
  image: null,
  subscription_option_ids: optionIds,
  available,
});

const catalogue: StubAnswer[] = [
  answer(endpoints.registration.subscriptionOptions, {
    results: [option(1, 'Digital', 990), option(2, 'Print and digital', 2490)],
  }),
  answer(endpoints.registration.gifts, {
    results: [gift(10, 'Mug', [1]), gift(11, 'Umbrella', [2]), gift(12, 'Book', [1], false)],
  }),
  answer(endpoints.registration.topics, { results: [{ id: 5, label: 'Sports' }] }),
  answer(endpoints.shop.paymentServices, { services: [{ id: 'invoice', name: 'Invoice' }] }),
  answer(endpoints.users.countryOptions, {
    options: [
      { value: '', label: 'Unknown' },
      { value: 'AT', label: 'Austria' },
      { value: 'DE', label: 'Germany' },
    ],
  }),
  answer(endpoints.registration.register, { result: 'ok', message: 'Check your mail' }),
];

function renderRegistration(type: 'basic' | 'advanced', answers: StubAnswer[] = []) {
  const calls = stubFetch([...catalogue, ...answers]);
  const view = renderInApp(<RegistrationPage />, {
    path: '/en_GB/registration',
    settings: testSettings({ signup_configuration: { active: true, type } }),
  });
  return { calls, ...view };
}

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const stepText = (text: string) => screen.findByText(text);

function fillAddress() {
  type(/^Email/, 'new.member@example.com');
  type(/^First name/, 'Ada');
  type(/^Last name/, 'Lovelace');
  type(/^Street/, 'Hauptstraße');
  type(/^House number/, '1');
  type(/^Postcode/, '10115');
  type(/^City/, 'Berlin');
}

const registered = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.url === '/api/v2/users/new');

describe('the registration stepper', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('takes an advanced sign-up through its steps, keeps them across a reload without the password, and ends on "check your mail"', {
    timeout: 60_000,
  }, async () => {
    const { unmount } = renderRegistration('advanced');
    expect(await stepText('Step 1 of 5: Subscription')).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: /Digital/ }));
    // Only the available gifts of the chosen option.
    expect(await screen.findByRole('radio', { name: 'Mug' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Umbrella' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Book' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Mug' }));
    next();
    expect(await stepText('Step 2 of 5: About you')).toBeTruthy();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Sports' }));
    next();
    expect(await stepText('Step 3 of 5: Account and address')).toBeTruthy();
    fillAddress();
    type(/^Password/, 'a long secret');
    await waitFor(() => expect(sessionStorage.getItem(draftKey)).toContain('new.member@example.com'));
    expect(sessionStorage.getItem(draftKey)).not.toContain('a long secret');

    // A reload: the same step and entries, the password to type again.
    unmount();
    const { calls } = renderRegistration('advanced');
    expect(await stepText('Step 3 of 5: Account and address')).toBeTruthy();
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('new.member@example.com');
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('');
    next();
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    type(/^Password/, 'a long secret');
    next();
    expect(await stepText('Step 4 of 5: Payment')).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: 'Invoice' }));
    next();
    expect(await stepText('Step 5 of 5: Terms')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please accept the terms of use to continue.')).toBeTruthy();
    expect(registered(calls)).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms of use/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Check your mail' })).toBeTruthy();
    const posted = registered(calls).at(-1)?.body as Record<string, unknown> & {
      invoice_address: Record<string, unknown>;
    };
    expect(posted).toMatchObject({
      agb: true,
      subscription_id: 1,
      gift_id: 10,
      payment: { method: 'invoice', sepa: null },
      personal_data: { topics: [5], newsletter_subscription: [], birthday: null },
      subscriber_number: null,
    });
    expect(posted.invoice_address).toMatchObject({
      email: 'new.member@example.com',
      password: 'a long secret',
      zip: '10115',
      country: 'DE',
    });
    expect(sessionStorage.getItem(draftKey)).toBeNull();
  });

  it('shows a server field error at its field and jumps to its step', async () => {
    const draft: RegistrationDraft = {
      ...emptyDraft(),
      email: 'ada@example.com',
      invoice: {
        ...emptyDraft().invoice,
        firstname: 'Ada',
        lastname: 'L',
        address: 'Weg',
        house_number: '2',
        zip: '10115',
        city: 'Berlin',
      },
      agb: true,
    };
    sessionStorage.setItem(draftKey, JSON.stringify(draft));
    renderRegistration('basic', [
      answerError(endpoints.registration.register, 400, {
        errors: [
          { code: 'validation_failed', message: 'No such postcode in Germany', field: 'invoice_address.zip' },
        ],
      }),
    ]);
    expect(await stepText('Step 1 of 2: Account and address')).toBeTruthy();
    type(/^Password/, 'a long secret');
    next();
    expect(await stepText('Step 2 of 2: Terms')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register' })));
    expect(await stepText('Step 1 of 2: Account and address')).toBeTruthy();
    expect(await screen.findByText('No such postcode in Germany')).toBeTruthy();
    expect(screen.getByLabelText(/^Postcode/).getAttribute('aria-invalid')).toBe('true');
  });

  it('asks a basic sign-up for the account and the terms only', async () => {
    renderRegistration('basic');
    expect(await stepText('Step 1 of 2: Account and address')).toBeTruthy();
    expect(screen.queryByText(/Subscription/)).toBeNull();
    expect(screen.queryByLabelText('Deliver to a different address')).toBeNull();
  });

  it('names the step of each field the server may name', () => {
    expect(stepOfField('invoice_address.zip', 'advanced')).toBe('address');
    expect(stepOfField('payment.sepa.iban', 'advanced')).toBe('payment');
    expect(stepOfField('gift_id', 'advanced')).toBe('subscription');
    expect(stepOfField('personal_data.birthday', 'advanced')).toBe('personal');
    expect(stepOfField('agb', 'basic')).toBe('terms');
    expect(stepOfField('payment.method', 'basic')).toBeNull();
  });
});
