import { endpoints } from '@plaza/contract';
import type { Subscription } from '@plaza/contract/billing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, type StubAnswer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { BillingPage } from './billing-page';

const member = sessionUser(1, { firstname: 'Ada', lastname: 'Lovelace' });

const plan = {
  id: 21,
  kind: 'plan' as const,
  name: 'Digital',
  quantity: 1,
  unit_price: 990,
  next_quantity: null,
  editable: true,
  removable: false,
};
const giftItem = {
  id: 22,
  kind: 'gift' as const,
  name: 'Mug',
  quantity: 1,
  unit_price: 0,
  next_quantity: null,
  editable: false,
  removable: true,
};

function subscription(patch: Partial<Subscription> = {}): Subscription {
  return {
    id: 7,
    number: '10000007',
    state: 'active',
    name: 'Digital',
    period: 'month',
    currency: 'EUR',
    price: 990,
    items: [plan, giftItem],
    payment: { method: 'invoice', sepa: null, mandate_reference: null },
    started_on: '2026-12-01',
    current_period_start: '2026-12-01',
    current_period_end: '2026-12-31',
    minimum_term_end: '2027-11-30',
    cancelled_on: null,
    ends_on: null,
    earliest_end: '2027-11-30',
    ...patch,
  };
}

const invoice = {
  id: 31,
  number: 'A-2026-31',
  state: 'open' as const,
  period_start: '2026-12-01',
  period_end: '2026-12-31',
  amount: 990,
  currency: 'EUR' as const,
  created_at: '2026-12-01T08:00:00.000Z',
  paid_at: null,
  pdf_url: '/billing-api/v1/invoices/31.pdf',
};

function renderBilling(answers: StubAnswer[]) {
  // The same array: answers pushed later override earlier ones.
  answers.unshift(
    answer(endpoints.billing.invoices, { results: [invoice], next_before: null }, { params: { id: 7 } }),
  );
  const calls = stubFetch(answers);
  renderInApp(<BillingPage />, { path: '/en_GB/billing', user: member });
  return calls;
}

describe('the billing page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the subscription, its dates and invoices, and cancels after a dialog naming the earliest end', async () => {
    const cancelled = subscription({
      state: 'cancelled',
      cancelled_on: '2026-12-02',
      ends_on: '2027-11-30',
      earliest_end: null,
    });
    const answers = [
      answer(endpoints.billing.mine, { results: [subscription()] }),
      answer(endpoints.billing.cancel, cancelled, { params: { id: 7 } }),
    ];
    const calls = renderBilling(answers);
    const card = await screen.findByRole('region', { name: 'Digital' });
    expect(within(card).getByText('€9.90 per month')).toBeTruthy();
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(within(card).getByText('1 December 2026 – 31 December 2026')).toBeTruthy();
    const pdf = await within(card).findByRole('link', { name: 'PDF of invoice A-2026-31' });
    expect(pdf.getAttribute('href')).toBe('/billing-api/v1/invoices/31.pdf');

    fireEvent.click(within(card).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/ends on 30 November 2027/)).toBeTruthy();
    answers.push(answer(endpoints.billing.mine, { results: [cancelled] }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'DELETE' && call.url === '/billing-api/v1/subscriptions/7'),
      ).toBe(true),
    );
    expect(await screen.findByText('Cancelled: your subscription runs until 30 November 2027.')).toBeTruthy();
  });

  it('changes the plan quantity from the next period and declines a gift after asking', async () => {
    const calls = renderBilling([
      answer(endpoints.billing.mine, { results: [subscription()] }),
      answer(endpoints.billing.updateItem, { ...plan, next_quantity: 2 }, { params: { id: 21 } }),
      answer(endpoints.billing.removeItem, { success: true }, { params: { id: 22 } }),
    ]);
    const card = await screen.findByRole('region', { name: 'Digital' });
    expect(within(card).getByText('Applies from the next period')).toBeTruthy();
    fireEvent.mouseDown(within(card).getByRole('combobox', { name: 'Quantity' }));
    fireEvent.click(await screen.findByRole('option', { name: '2' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
        url: '/billing-api/v1/subscription_items/21',
        body: { quantity: 2 },
      }),
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Decline gift' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Mug will not be sent to you/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline gift' }));
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.method === 'DELETE' && call.url === '/billing-api/v1/subscription_items/22',
        ),
      ).toBe(true),
    );
  });

  it('shows an ended subscription with its end and without a cancel button', async () => {
    renderBilling([
      answer(endpoints.billing.mine, {
        results: [subscription({ state: 'ended', ends_on: '2026-11-30', earliest_end: null, items: [plan] })],
      }),
    ]);
    const card = await screen.findByRole('region', { name: 'Digital' });
    expect(within(card).getByText('Ended')).toBeTruthy();
    expect(within(card).getByText('30 November 2026')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('offers to link an existing subscription when the member has none', async () => {
    const calls = renderBilling([
      answer(endpoints.billing.mine, { results: [] }),
      answer(
        endpoints.registration.linkSubscription,
        { success: true },
        { params: { subscriberNumber: '12345678' } },
      ),
    ]);
    expect(await screen.findByText('You have no subscription yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Subscriber number'), { target: { value: '12345678' } });
    fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: '10115' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link subscription' }));
    expect(await screen.findByText('The subscription is now linked to your account.')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/v2/registration/12345678')?.body).toEqual({
      zip: '10115',
    });
  });
});
