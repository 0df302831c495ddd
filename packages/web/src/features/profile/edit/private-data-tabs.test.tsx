import { type Address, endpoints } from '@plaza/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, type StubAnswer, stubFetch } from '../../../test/fetch-stub';
import { renderInApp } from '../../../test/render-in-app';
import { sessionUser } from '../../../test/session-user';
import { ownProfile } from '../test-profiles';
import { ProfileEditDialog } from './profile-edit-dialog';

// Rendering MUI dialogs in jsdom is slow on a busy machine; this bounds a hang, it measures nothing.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.unstubAllGlobals());

const savedAddress: Address = {
  gender: null,
  title: null,
  firstname: 'Paula',
  lastname: 'Profil',
  address: 'Hafenstraße',
  house_number: '12',
  address_2: null,
  address_details: null,
  zip: '20457',
  city: 'Hamburg',
  country: 'DE',
  email: null,
  separate_delivery_address: false,
};

function openTab(name: string, answers: StubAnswer[]) {
  const own = { params: { id: 42 } };
  const calls = stubFetch([
    answer(endpoints.users.countryOptions, {
      options: [
        { value: 'AT', label: 'Austria' },
        { value: 'DE', label: 'Germany' },
      ],
    }),
    answer(endpoints.users.invoiceAddress, { address: null }, own),
    answer(endpoints.users.deliveryAddress, { address: null }, own),
    answer(endpoints.users.children, { children: [] }, own),
    ...answers,
  ]);
  renderInApp(<ProfileEditDialog open profile={ownProfile()} onClose={() => {}} />, {
    user: sessionUser(42),
  });
  const user = userEvent.setup();
  return { calls, user, open: () => user.click(screen.getByRole('tab', { name })) };
}

describe('ProfileEditDialog: addresses', () => {
  it('saves the invoice address on its own, with the chosen country code', async () => {
    const { calls, user, open } = openTab('Addresses', [
      answer(
        endpoints.users.saveAddress,
        { address: savedAddress },
        { params: { id: 42, addressType: 'invoice_address' } },
      ),
    ]);
    await open();
    const invoice = await screen.findByRole('form', { name: 'Invoice address' });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    await user.type(within(invoice).getByRole('textbox', { name: /First name/ }), 'Paula');
    await user.type(within(invoice).getByRole('textbox', { name: /Last name/ }), 'Profil');
    await user.type(within(invoice).getByRole('textbox', { name: /Street/ }), 'Hafenstraße');
    await user.type(within(invoice).getByRole('textbox', { name: /House number/ }), '12');
    await user.type(within(invoice).getByRole('textbox', { name: /Postcode/ }), '20457');
    await user.type(within(invoice).getByRole('textbox', { name: /City/ }), 'Hamburg');
    await user.click(within(invoice).getByRole('combobox', { name: /Country/ }));
    await user.click(await screen.findByRole('option', { name: 'Germany' }));
    await user.click(within(invoice).getByRole('button', { name: 'Save address' }));
    expect((await within(invoice).findByRole('status')).textContent).toContain('The address has been saved.');
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/v2/users/42/invoice_address',
      body: {
        firstname: 'Paula',
        lastname: 'Profil',
        address: 'Hafenstraße',
        house_number: '12',
        zip: '20457',
        city: 'Hamburg',
        country: 'DE',
        gender: null,
        email: null,
      },
    });
  });

  it("refuses a postcode that does not fit the chosen country's format and sends nothing", async () => {
    const { calls, user, open } = openTab('Addresses', []);
    await open();
    const invoice = await screen.findByRole('form', { name: 'Invoice address' });
    await user.type(within(invoice).getByRole('textbox', { name: /First name/ }), 'Paula');
    await user.type(within(invoice).getByRole('textbox', { name: /Last name/ }), 'Profil');
    await user.type(within(invoice).getByRole('textbox', { name: /Street/ }), 'Hafenstraße');
    await user.type(within(invoice).getByRole('textbox', { name: /House number/ }), '12');
    await user.type(within(invoice).getByRole('textbox', { name: /Postcode/ }), '2045');
    await user.type(within(invoice).getByRole('textbox', { name: /City/ }), 'Hamburg');
    await user.click(within(invoice).getByRole('combobox', { name: /Country/ }));
    await user.click(await screen.findByRole('option', { name: 'Germany' }));
    await user.click(within(invoice).getByRole('button', { name: 'Save address' }));
    expect(
      await within(invoice).findByText(/Please enter the postcode as it is written in the chosen country/),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('names the missing required fields and sends nothing', async () => {
    const { calls, user, open } = openTab('Addresses', []);
    await open();
    const delivery = await screen.findByRole('form', { name: 'Delivery address' });
    await user.click(within(delivery).getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(within(delivery).getAllByText('This field is required.').length).toBeGreaterThan(3),
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('ProfileEditDialog: children', () => {
  it('adds a child with a birthday typed with dots and saves the list', async () => {
    const { calls, user, open } = openTab('Children', [
      answer(
        endpoints.users.saveChildren,
        { children: [{ id: 1, firstname: 'Mia', birthday: '2018-04-03', gender: null }] },
        { params: { id: 42 } },
      ),
    ]);
    await open();
    expect(await screen.findByText('No children entered.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add child' }));
    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Mia');
    await user.type(screen.getByRole('textbox', { name: 'Birthday' }), '03.04.2018');
    await user.click(screen.getByRole('button', { name: 'Save children' }));
    expect((await screen.findByRole('status')).textContent).toContain('The children have been saved.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      children: [{ firstname: 'Mia', birthday: '03/04/2018', gender: null }],
    });
    expect((screen.getByRole('textbox', { name: 'Birthday' }) as HTMLInputElement).value).toBe('03/04/2018');
  });

  it("refuses a child's birthday in the future", async () => {
    const { calls, user, open } = openTab('Children', []);
    await open();
    await user.click(await screen.findByRole('button', { name: 'Add child' }));
    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Max');
    await user.type(screen.getByRole('textbox', { name: 'Birthday' }), '01/01/2999');
    await user.click(screen.getByRole('button', { name: 'Save children' }));
    expect(await screen.findByText('A birthday cannot be in the future.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
