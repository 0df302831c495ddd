import { describe, expect, it } from 'vitest';
import { money, percent } from './format';
import { checkBankAccount, maskedAccount } from './providers/sepa';
import { orderNumber } from './purchase-service';

describe('payments: plain rules', () => {
  it('numbers orders by year and id, six digits at least', () => {
    expect(orderNumber(2026, 42)).toBe('2026-000042');
    expect(orderNumber(2027, 1_234_567)).toBe('2027-1234567');
  });

  it('normalises a good account and keeps only the IBAN’s last four on the order', () => {
    const account = checkBankAccount({
      account_holder: 'Erika',
      iban: 'de89 3704 0044 0532 0130 00',
      bic: 'cobadeffxxx',
    });
    expect(account).toEqual({ account_holder: 'Erika', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
    expect(maskedAccount(account)).toEqual({
      sepa_account_holder: 'Erika',
      sepa_iban_last4: '3000',
      sepa_bic: 'COBADEFFXXX',
    });
  });

  it.each([
    ['a wrong checksum', 'DE89370400440532013001', null, 'sepa.iban'],
    ['a non-SEPA country', 'BR1800360305000010009795493C1', null, 'sepa.iban'],
    ['a malformed BIC', 'DE89370400440532013000', 'COBA', 'sepa.bic'],
  ])('refuses %s', (_what, iban, bic, field) => {
    expect(() => checkBankAccount({ account_holder: 'Erika', iban, bic })).toThrow(
      expect.objectContaining({ status: 422, code: 'bank_account_invalid', field }),
    );
  });

  it('writes money and rates as the reader does', () => {
    expect(money('en_GB', 'EUR', 5098)).toBe('€50.98');
    expect(money('de_DE', 'EUR', 5098)).toBe('50,98\u00a0€');
    expect(percent('de_DE', 750)).toBe('7,5');
    expect(percent('en_GB', 1900)).toBe('19');
  });
});
