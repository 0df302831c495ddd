import { validationMessageKeys as keys, limits } from '@plaza/contract';
import { z } from 'zod';

const required = z.string().trim().min(1, keys.requiredFields);

/** The sign-in form; the terms box is required only while it is shown. */
export function loginFormSchema(ndaShown: boolean) {
  return z.object({
    identifier: required,
    password: z.string().min(1, keys.requiredFields),
    nda: ndaShown ? z.literal(true, { error: keys.agb }) : z.boolean(),
  });
}
export type LoginForm = z.infer<ReturnType<typeof loginFormSchema>>;

const newPassword = z
  .string()
  .min(1, keys.requiredFields)
  .min(limits.passwordMinLength, keys.passwordTooShort)
  .max(limits.passwordMaxLength);

const matching = <T extends { new_password: string; new_password_confirm: string }>(value: T) =>
  value.new_password === value.new_password_confirm;
const mismatch = { message: keys.passwordsNotEqual, path: ['new_password_confirm'] };

/** Reset by mailed link: new password twice. */
export const resetFormSchema = z
  .object({ new_password: newPassword, new_password_confirm: z.string().min(1, keys.requiredFields) })
  .refine(matching, mismatch);
export type ResetForm = z.infer<typeof resetFormSchema>;

/** Change while signed in: also the current password. */
export const changeFormSchema = z
  .object({
    current_password: z.string().min(1, keys.requiredFields),
    new_password: newPassword,
    new_password_confirm: z.string().min(1, keys.requiredFields),
  })
  .refine(matching, mismatch);
export type ChangeForm = z.infer<typeof changeFormSchema>;

/** Forgot password: the email address. */
export const forgotFormSchema = z.object({
  email: z.string().trim().min(1, keys.requiredFields).email(keys.invalidEmail),
});
export type ForgotForm = z.infer<typeof forgotFormSchema>;
