import type { TFunction } from 'i18next';
import type { FieldError, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * The text of a field's error in the page language: a text key of ours (`profile.*`, `shop.*`), the
 * server's own message, else by the zod issue code.
 */
export function fieldErrorText(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  if (error.message?.startsWith('profile.') || error.message?.startsWith('shop.')) return t(error.message);
  if (error.type === 'server') return error.message;
  if (error.type === 'too_big') return t('profile.edit.errors.too_long');
  if (error.type === 'too_small') return t('profile.edit.errors.required');
  return t('profile.edit.errors.invalid');
}

/** The props that bind a MUI TextField to a react-hook-form field, with its error text translated. */
export function textFieldProps<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  t: TFunction,
  name: FieldPath<T>,
  { maxLength, helperText }: { maxLength?: number; helperText?: string } = {},
) {
  const { ref, ...field } = form.register(name);
  const error = form.getFieldState(name, form.formState).error;
  const message = fieldErrorText(t, error);
  return {
    ...field,
    inputRef: ref,
    error: Boolean(message),
    helperText: message ?? helperText,
    fullWidth: true,
    margin: 'normal' as const,
    slotProps: { htmlInput: { maxLength } },
  };
}
