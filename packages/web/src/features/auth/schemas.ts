import { limits } from '@plaza/contract/constants';
import { validationMessageKeys as keys } from '@plaza/contract/errors';
import { z } from 'zod/mini';

// zod/mini bundles only the checks a schema uses: these pages open from mails and links, on a first load.
// (The sign-in form has react-hook-form rules of its own: login-rules.ts.)
const required = z.string().check(z.minLength(1, keys.requiredFields));

const newPassword = z
  .string()
  .check(
    z.minLength(1, keys.requiredFields),
    z.minLength(limits.passwordMinLength, keys.passwordTooShort),
    z.maxLength(limits.passwordMaxLength),
  );

const matching = z.refine<{ new_password: string; new_password_confirm: string }>(
  (value) => value.new_password === value.new_password_confirm,
  { error: keys.passwordsNotEqual, path: ['new_password_confirm'] },
);

/** Reset by mailed link: new password twice. */
export const resetFormSchema = z
  .object({ new_password: newPassword, new_password_confirm: required })
  .check(matching);
export type ResetForm = z.infer<typeof resetFormSchema>;

/** Change while signed in: also the current password. */
export const changeFormSchema = z
  .object({ current_password: required, new_password: newPassword, new_password_confirm: required })
  .check(matching);
export type ChangeForm = z.infer<typeof changeFormSchema>;

/** Forgot password: the email address. */
export const forgotFormSchema = z.object({
  email: z
    .string()
    .check(z.trim(), z.minLength(1, keys.requiredFields), z.regex(z.regexes.email, keys.invalidEmail)),
});
export type ForgotForm = z.infer<typeof forgotFormSchema>;
