import { endpoints } from '@plaza/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import SsoPage from './sso-page';

afterEach(() => vi.unstubAllGlobals());

const stored = {
  providers: [
    {
      kind: 'oidc' as const,
      enabled: true,
      issuer: 'https://login.example.org',
      client_id: 'plaza',
      scopes: ['openid', 'email'],
      claims: {
        username: 'preferred_username',
        firstname: 'given_name',
        lastname: 'family_name',
        email: 'email',
      },
      allowed_email_domains: ['example.org'],
      create_members: false,
      label: { en_GB: 'Company account' },
      client_secret_set: true,
    },
  ],
  local_passwords: true,
  redirect_uri: 'https://plaza.example.org/api/v2/auth/mocs/callback',
};

describe('the single sign-on page', () => {
  it('shows the stored provider without its secret, and sends a new secret only when typed', async () => {
    const calls = stubFetch([answer(endpoints.admin.sso, stored), answer(endpoints.admin.updateSso, stored)]);
    renderInApp(<SsoPage />, { path: '/en_GB/admin/sso' });
    const user = userEvent.setup();
    expect(((await screen.findByRole('textbox', { name: 'Issuer address' })) as HTMLInputElement).value).toBe(
      'https://login.example.org',
    );
    expect(
      (
        screen.getByRole('textbox', {
          name: 'Return address to register at the provider',
        }) as HTMLInputElement
      ).value,
    ).toBe(stored.redirect_uri);
    expect(screen.getByText('A secret is stored. Leave empty to keep it, or type a new one.')).toBeTruthy();
    expect((screen.getByLabelText('Client secret') as HTMLInputElement).value).toBe('');

    await user.type(screen.getByRole('textbox', { name: 'Allowed email domains' }), ', corp.example');
    await user.click(screen.getByRole('switch', { name: /first sign-in of an unknown person/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The sign-in providers are saved.');
    const put = calls.find((c) => c.method === 'PUT');
    const { client_secret_set: _, ...provider } = stored.providers[0]!;
    expect(put?.body).toEqual({
      local_passwords: true,
      providers: [
        { ...provider, allowed_email_domains: ['example.org', 'corp.example'], create_members: true },
      ],
    });
  });

  it("shows the server's refusal of the issuer at its field", async () => {
    stubFetch([
      answer(endpoints.admin.sso, { ...stored, providers: [] }),
      answerError(endpoints.admin.updateSso, 400, {
        errors: [{ code: 'bad_request', message: 'unreachable', field: 'providers.0.issuer' }],
      }),
    ]);
    renderInApp(<SsoPage />, { path: '/en_GB/admin/sso' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Provider to add' }));
    await user.click(screen.getByRole('option', { name: 'Google' }));
    await user.click(screen.getByRole('button', { name: 'Add provider' }));
    await user.type(screen.getByRole('textbox', { name: 'Issuer address' }), 'https://nowhere.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Issuer address' }).getAttribute('aria-invalid')).toBe(
        'true',
      ),
    );
    expect(
      screen.getByText('The discovery document could not be read at this address. Please check it.'),
    ).toBeTruthy();
  });
});
