import { extractIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';
import { AppError } from '../../../platform/errors';
import { orderPage, type PaymentProvider, type SepaAccount } from './types';

const invalid = (message: string, field: string) => new AppError(422, 'bank_account_invalid', message, field);

/**
 * Checks a debit's account (IBAN checksum and country format, a SEPA country, the BIC's form) and
 * answers it normalised: IBAN and BIC upper case without spaces.
 */
export function checkBankAccount(input: SepaAccount): SepaAccount {
  const iban = input.iban.replace(/\s+/g, '').toUpperCase();
  if (!isValidIBAN(iban)) throw invalid('This IBAN is not valid.', 'sepa.iban');
  if (!isSEPACountry(extractIBAN(iban).countryCode ?? '')) {
    throw invalid('This IBAN is not of a SEPA country.', 'sepa.iban');
  }
  const bic = input.bic ? input.bic.replace(/\s+/g, '').toUpperCase() : null;
  if (bic !== null && !isValidBIC(bic)) throw invalid('This BIC is not valid.', 'sepa.bic');
  return { account_holder: input.account_holder, iban, bic };
}

/** The mandate reference of an order's debit (at most 35 characters of the SEPA set). */
export const mandateReference = (orderNumber: string) => `PLAZA-${orderNumber}`;

/** What an order keeps of the account: the holder, the BIC and the IBAN's last four characters only. */
export function maskedAccount(account: SepaAccount) {
  return {
    sepa_account_holder: account.account_holder,
    sepa_iban_last4: account.iban.slice(-4),
    sepa_bic: account.bic,
  };
}

/** SEPA direct debit (offered with `SEPA_CREDITOR_ID`): the debit is collected later, under the mandate. */
export const sepaProvider: PaymentProvider = {
  id: 'sepa',
  async start(order) {
    return { redirect: orderPage(order.locale, order.id), sessionId: null };
  },
  // A collected debit is paid back by transfer; the refund is only recorded.
  async refund() {},
};
