import { type ReactNode, useId } from 'react';
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import './light.css';

/** What a light text field takes besides its form and name. */
export interface LightTextFieldProps {
  label: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  helperText?: ReactNode;
}

/**
 * An outlined text field bound to a react-hook-form field, looking like MUI's (components/form-field.tsx)
 * without MUI; its error message is a translation key. The label floats while the field has focus or a
 * value (CSS `:placeholder-shown`, so autofill and typing need no state).
 */
export function LightTextField<T extends FieldValues, N extends Path<T>>({
  form,
  name,
  label,
  type,
  autoComplete,
  autoFocus = false,
  required = false,
  helperText,
  rules,
}: {
  form: UseFormReturn<T>;
  name: N;
  /** react-hook-form rules, for a form without a schema resolver. */
  rules?: RegisterOptions<T, N>;
} & LightTextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const message = form.formState.errors[name]?.message;
  const shownHelper = message ? t(String(message)) : helperText;
  const helperId = shownHelper ? `${id}-helper-text` : undefined;
  return (
    <div className={message ? 'pz-field pz-field--error' : 'pz-field'}>
      <label className="pz-field__label" htmlFor={id} id={`${id}-label`}>
        {label}
        {required && <span aria-hidden="true">{'\u2009*'}</span>}
      </label>
      <div className="pz-field__box">
        <input
          {...form.register(name, rules)}
          className="pz-field__input"
          id={id}
          type={type}
          autoComplete={autoComplete}
          // biome-ignore lint/a11y/noAutofocus: the first field of a sign-in form, as MUI's autoFocus did.
          autoFocus={autoFocus}
          required={required}
          placeholder=" "
          aria-invalid={Boolean(message)}
          aria-describedby={helperId}
        />
        <fieldset aria-hidden="true" className="pz-field__outline">
          <legend className="pz-field__legend">
            <span>
              {label}
              {required && '\u2009*'}
            </span>
          </legend>
        </fieldset>
      </div>
      {shownHelper && (
        <p className="pz-field__helper" id={helperId}>
          {shownHelper}
        </p>
      )}
    </div>
  );
}
