import { z } from 'zod';

/** Every error code the API answers with; the web shows `errors.codes.<code>` from the language bundle. */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'csrf_invalid',
  'invalid_credentials',
  /** The right password for an account an administrator deactivated (never told without the password). */
  'account_deactivated',
  'agb_not_accepted',
  'reset_link_invalid',
  'current_password_wrong',
  'passwords_not_equal',
  'password_too_weak',
  'username_taken',
  'email_taken',
  'last_admin',
  /** The last superadmin's account cannot be deleted: another superadmin has to be appointed first. */
  'last_superadmin',
  'image_required',
  /** A purchase of an empty cart. */
  'cart_empty',
  /** A purchase of a cart with a line problem or a price the member has not been shown (the cart says which). */
  'cart_changed',
  /** A purchase without an invoice address, or with a separate delivery address not saved. */
  'address_required',
  /** A purchase without a chosen payment, or with one this server no longer offers. */
  'payment_required',
  /** Fewer pieces are left than asked for (adding to the cart, or two purchases racing for the last ones). */
  'out_of_stock',
  /** A product in another currency than the cart's lines. */
  'currency_mismatch',
  /** An IBAN or BIC that fails its checks. */
  'bank_account_invalid',
  /** A payment provider's webhook without a valid signature, or too old. */
  'signature_invalid',
  /** The payment provider could not be reached or refused; nothing was charged. */
  'payment_provider_failed',
  /** The right password for an account whose address is not confirmed yet (never told without the password). */
  'email_not_confirmed',
  /** A confirmation link that is unknown, used or expired (one answer for all three). */
  'confirmation_link_invalid',
  /** A subscriber number and postcode that name no subscription free to link (one answer for both parts). */
  'subscription_not_found',
  /** Password sign-in is switched off: members sign in through the single sign-on provider. */
  'password_sign_in_disabled',
  /** A single sign-on that failed (forged or replayed state, wrong audience, expired token): nothing said why. */
  'sso_failed',
  /** The provider's address is not of a domain the administration allows. */
  'sso_domain_not_allowed',
  /** No member has the provider's verified address, and first sign-in does not create members. */
  'sso_no_account',
  /** The server cannot reach its database right now (503 with Retry-After); the same call works again later. */
  'database_unavailable',
  /**
   * The database is overloaded (503 with Retry-After): a statement ran past its time limit, or the server
   * refused the call at once because too many wait for a database connection. The same call works later.
   */
  'database_busy',
  /**
   * The server's file store is full (no space, quota or file-size limit of its disk: 507): nothing was
   * stored. The same upload works once an operator has made room.
   */
  'insufficient_storage',
  'internal',
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const apiErrorSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  /** The request field the error is about, as a dotted path. */
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The body of every 4xx/5xx answer. */
export const errorResponseSchema = z.object({ errors: z.array(apiErrorSchema).min(1) });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Translation keys of the client-side validation messages named by the spec. */
export const validationMessageKeys = {
  requiredFields: 'errors.messages.required_fields',
  agb: 'errors.messages.agb',
  passwordsNotEqual: 'my_account.reset_password.errors.not_equal',
  passwordTooShort: 'my_account.reset_password.errors.too_short',
  invalidEmail: 'errors.messages.invalid_email',
} as const;
