import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ReactNode, useId } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from './growing-textarea';

/** What a form field takes besides its form and name. */
export interface FormFieldProps {
  label: ReactNode;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  helperText?: ReactNode;
  id?: string;
  /** A text area that grows from `minRows` lines (descriptions). */
  multiline?: boolean;
  minRows?: number;
}

/**
 * A MUI text field bound to a react-hook-form field; its error message is a translation key.
 * It is built like MUI's outlined `TextField` (FormControl, InputLabel, OutlinedInput, FormHelperText) but
 * without TextField itself, which bundles the whole Select and Menu stack into every form.
 */
export function FormField<T extends FieldValues>({
  form,
  name,
  label,
  type,
  autoComplete,
  autoFocus = false,
  required = false,
  helperText,
  id: idOverride,
  multiline = false,
  minRows,
}: { form: UseFormReturn<T>; name: Path<T> } & FormFieldProps) {
  const { t } = useTranslation();
  const { ref, ...field } = form.register(name);
  const message = form.formState.errors[name]?.message;
  const reactId = useId();
  const id = idOverride ?? reactId;
  const shownHelper = message ? t(String(message)) : helperText;
  const helperTextId = shownHelper ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== '';
  const error = Boolean(message);
  return (
    <FormControl className="MuiTextField-root" error={error} fullWidth margin="normal" required={required}>
      {hasLabel && (
        <InputLabel htmlFor={id} id={`${id}-label`}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        {...field}
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        fullWidth
        type={type}
        id={id}
        inputRef={ref}
        label={label}
        multiline={multiline}
        {...(multiline && { inputComponent: GrowingTextarea, inputProps: { minRows } })}
      />
      {shownHelper && <FormHelperText id={helperTextId}>{shownHelper}</FormHelperText>}
    </FormControl>
  );
}
