import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** A MUI text field bound to a react-hook-form field; its error message is a translation key. */
export function FormField<T extends FieldValues>({
  form,
  name,
  ...props
}: { form: UseFormReturn<T>; name: Path<T> } & Omit<TextFieldProps, 'name' | 'error'>) {
  const { t } = useTranslation();
  const { ref, ...field } = form.register(name);
  const message = form.formState.errors[name]?.message;
  return (
    <TextField
      {...props}
      {...field}
      inputRef={ref}
      error={Boolean(message)}
      helperText={message ? t(String(message)) : props.helperText}
      fullWidth
      margin="normal"
    />
  );
}
