import type { TFunction } from 'i18next';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { profileErrorText } from './profile-form-schema';

/** The props that bind a MUI TextField to a react-hook-form field, with its error text translated. */
export function textFieldProps<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  t: TFunction,
  name: FieldPath<T>,
  { maxLength, helperText }: { maxLength?: number; helperText?: string } = {},
) {
  const { ref, ...field } = form.register(name);
  const error = form.getFieldState(name, form.formState).error;
  const message = profileErrorText(t, error);
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
