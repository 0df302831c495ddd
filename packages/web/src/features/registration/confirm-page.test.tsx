import { endpoints } from '@plaza/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, stubFetch } from '../../test/fetch-stub';
import { renderInApp } from '../../test/render-in-app';
import { ConfirmRegistrationPage } from './confirm-page';

const token = 'a'.repeat(32);

describe('the confirmation page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('confirms the link once and leads to the sign-in', async () => {
    const calls = stubFetch([answer(endpoints.registration.confirm, { result: 'ok', redirect: null })]);
    renderInApp(<ConfirmRegistrationPage />, { path: `/en_GB/registration/confirm?token=${token}` });
    expect(await screen.findByText('Your email address is confirmed. You can now sign in.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign-in' }).getAttribute('href')).toBe('/en_GB/login');
    const posts = calls.filter((call) => call.url === '/api/v2/registration/confirm');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ token });
  });

  it('says an invalid link is invalid and offers to register again', async () => {
    stubFetch([
      answerError(endpoints.registration.confirm, 400, {
        errors: [{ code: 'confirmation_link_invalid', message: 'Invalid link' }],
      }),
    ]);
    renderInApp(<ConfirmRegistrationPage />, { path: `/en_GB/registration/confirm?token=${token}` });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(/This confirmation link is invalid/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register again' }).getAttribute('href')).toBe(
      '/en_GB/registration',
    );
  });

  it('sends a card subscription to the provider checkout', async () => {
    stubFetch([
      answer(endpoints.registration.confirm, { result: 'ok', redirect: 'https://checkout.example/pay/1' }),
    ]);
    const assign = vi.fn();
    renderInApp(<ConfirmRegistrationPage assign={assign} />, {
      path: `/en_GB/registration/confirm?token=${token}`,
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/pay/1'));
    expect(screen.getByText(/Taking you to the payment/)).toBeTruthy();
  });

  it('calls nothing for a link without its token', async () => {
    const calls = stubFetch([]);
    renderInApp(<ConfirmRegistrationPage />, { path: '/en_GB/registration/confirm' });
    expect(await screen.findByText(/This confirmation link is invalid/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
