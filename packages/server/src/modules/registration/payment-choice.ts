import type { paymentInputSchema } from '@plaza/contract';
import type { z } from 'zod';
import { AppError, badRequest } from '../../platform/errors';
import { checkBankAccount, type Providers } from '../payments';

type PaymentInput = z.output<typeof paymentInputSchema>;

/**
 * The payment of a subscription, by the cart's rules: a method this server offers (422
 * `payment_required` otherwise); a debit with an account that passes its checks (IBAN checksum and
 * format, SEPA country, BIC; 422 `bank_account_invalid`), any other method without one.
 */
export function checkPayment(providers: Providers, input: PaymentInput): PaymentInput {
  if (!providers.get(input.method)) {
    throw new AppError(422, 'payment_required', 'This payment method is not offered.', 'payment.method');
  }
  if (input.method === 'sepa' && !input.sepa)
    throw badRequest('A direct debit needs the bank account.', 'payment.sepa');
  if (input.method !== 'sepa' && input.sepa)
    throw badRequest('Only a direct debit takes a bank account.', 'payment.sepa');
  return { method: input.method, sepa: input.sepa ? checkBankAccount(input.sepa) : null };
}
