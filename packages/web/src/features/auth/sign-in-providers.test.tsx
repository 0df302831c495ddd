import type { AuthSession } from '@plaza/contract';
import { endpoints } from '@plaza/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { sessionUser } from '../../test/session-user';
import { LoginPage } from './login-page';
import { mocsUrl } from './mocs-page';

afterEach(() => vi.unstubAllGlobals());

const oidc = {
  url: '/api/v2/auth/mocs?provider=oidc',
  label: { en_GB: 'Company account', de_DE: 'Firmenkonto' },
};

/** The sign-in page with a session offering `config`. */
function renderSignIn(config: Partial<AuthSession['signup_config']>, path = '/en_GB/login') {
  stubFetch([]);
  return renderInApp(<LoginPage />, { path, routePath: '/:lang/login', signupConfig: config });
}

describe('sign-in providers', () => {
  it('offers the organisation provider and the social ones as links, returning to the page asked for', () => {
    renderSignIn(
      { type: 'variant', oidc, social: [{ type: 'google', url: '/api/v2/auth/mocs?provider=google' }] },
      '/en_GB/login?redirect=/groups',
    );
    const company = screen.getByRole('link', { name: 'Company account' });
    expect(company.getAttribute('href')).toBe(
      `/api/v2/auth/mocs?provider=oidc&redirect=${encodeURIComponent('/en_GB/groups')}`,
    );
    expect(screen.getByRole('link', { name: 'Sign in with Google' }).getAttribute('href')).toContain(
      '/api/v2/auth/mocs?provider=google&redirect=',
    );
    // Passwords are on: the form is there too.
    expect(screen.getByLabelText(/Password/)).toBeTruthy();
  });

  it('names the provider by default when it has no label in the language', () => {
    renderSignIn({ oidc: { ...oidc, label: { de_DE: 'Firmenkonto' } } });
    expect(screen.getByRole('link', { name: 'Sign in with your organisation account' })).toBeTruthy();
  });

  it('hides the password form while passwords are off, until an administrator asks for it', () => {
    renderSignIn({ oidc, local_passwords: false });
    expect(screen.queryByLabelText(/Password/)).toBeNull();
    expect(screen.getByText('Sign in through your organisation.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Administrator sign-in' }));
    expect(screen.getByLabelText(/Password/)).toBeTruthy();
  });

  it('explains the failure the server sent back, and only known ones', () => {
    renderSignIn({ oidc }, '/en_GB/login?sso_error=sso_domain_not_allowed');
    expect(screen.getByText('Signing in here is not allowed with this email address.')).toBeTruthy();
  });

  it('asks a member signed in through a provider only to accept the terms', async () => {
    const calls = stubFetch([answer(endpoints.auth.acceptNdaAgb, { agb_nda_accepted: true })]);
    renderInApp(<LoginPage />, {
      path: '/en_GB/login',
      routePath: '/:lang/login',
      signupConfig: { oidc, local_passwords: false },
      status: 'agb_pending',
      user: sessionUser(1),
    });
    expect(screen.queryByLabelText(/Password/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Company account' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/auth/accept_nda_agb'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/auth/accept_nda_agb'))?.body).toEqual({ user_id: 1 });
  });

  it('builds the server start of /{lang}/mocs', () => {
    expect(mocsUrl('en_GB', new URLSearchParams())).toBe('/api/v2/auth/mocs?provider=oidc&redirect=%2Fen_GB');
    expect(mocsUrl('de_DE', new URLSearchParams('provider=google&redirect=/de_DE/groups'))).toBe(
      '/api/v2/auth/mocs?provider=google&redirect=%2Fde_DE%2Fgroups',
    );
  });
});
