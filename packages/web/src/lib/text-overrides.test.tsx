import { act, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { applyTextOverrides, replacedBuiltInTexts } from './text-overrides';

function Title() {
  const { t } = useTranslation();
  return <h1>{t('auth.login.title')}</h1>;
}

describe("the customer's own texts", () => {
  it('replace a rendered text, and a reset brings the built-in one back', async () => {
    i18n.addResourceBundle('en_GB', 'translation', { auth: { login: { title: 'Sign in' } } }, true, true);
    await i18n.changeLanguage('en_GB');
    render(<Title />);
    expect(screen.getByRole('heading').textContent).toBe('Sign in');

    act(() => applyTextOverrides(i18n, 'en_GB', { 'auth.login.title': 'Welcome aboard', 'auth.nope': 'x' }));
    expect(screen.getByRole('heading').textContent).toBe('Welcome aboard');
    // Keys the bundle does not hold are not added.
    expect(i18n.exists('auth.nope')).toBe(false);
    expect(replacedBuiltInTexts('en_GB').get('auth.login.title')).toBe('Sign in');

    act(() => applyTextOverrides(i18n, 'en_GB', { 'auth.login.title': 'Hello again' }));
    expect(screen.getByRole('heading').textContent).toBe('Hello again');
    expect(replacedBuiltInTexts('en_GB').get('auth.login.title')).toBe('Sign in');

    act(() => applyTextOverrides(i18n, 'en_GB', {}));
    expect(screen.getByRole('heading').textContent).toBe('Sign in');
  });
});
