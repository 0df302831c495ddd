import { describe, expect, it } from 'vitest';
import { loginRules } from './login-rules';

describe('sign-in form rules', () => {
  it('requires identifier and password', () => {
    const rules = loginRules(false);
    expect(rules.identifier.validate(' ')).toBe('errors.messages.required_fields');
    expect(rules.identifier.validate('anna')).toBe(true);
    expect(rules.password.validate('')).toBe('errors.messages.required_fields');
    expect(rules.password.validate(' x')).toBe(true);
  });

  it('requires the terms box only while it is shown', () => {
    expect(loginRules(false).nda.validate(false)).toBe(true);
    expect(loginRules(true).nda.validate(false)).toBe('errors.messages.agb');
    expect(loginRules(true).nda.validate(true)).toBe(true);
  });
});
