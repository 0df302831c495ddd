import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { growingSlots } from '../../components/growing-textarea';
import { HydrateApart } from '../../components/hydrate-apart';

/** A text field of the editor; `error` is the translated complaint, shown below it. */
export function TextInput({
  label,
  value,
  onChange,
  error,
  required = false,
  multiline = false,
  helperText,
  type,
  inputMode,
}: {
  label: string;
  value: unknown;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  multiline?: boolean;
  helperText?: ReactNode;
  type?: string;
  inputMode?: 'numeric' | 'url' | 'text';
}) {
  return (
    <TextField
      label={label}
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? helperText}
      required={required}
      multiline={multiline}
      type={type}
      slotProps={multiline ? growingSlots({ minRows: 3 }, { inputMode }) : { htmlInput: { inputMode } }}
      fullWidth
      margin="dense"
    />
  );
}

/**
 * A whole number: holds the number while the text is one, else the text (the contract's check then
 * names the problem); empty is `''`.
 */
export function NumberInput({
  value,
  onChange,
  ...rest
}: Omit<Parameters<typeof TextInput>[0], 'onChange' | 'inputMode'> & {
  onChange: (value: number | string) => void;
}) {
  return (
    <TextInput
      {...rest}
      value={value}
      inputMode="numeric"
      onChange={(text) => {
        const trimmed = text.trim();
        onChange(trimmed !== '' && /^-?\d+$/.test(trimmed) ? Number(trimmed) : text);
      }}
    />
  );
}

/** A choice among named values; hydrated apart, as MUI's select sets state as it commits (components/hydrate-apart). */
export function SelectInput<V extends string | number>({
  label,
  value,
  options,
  onChange,
  error,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  error?: string;
}) {
  return (
    <HydrateApart>
      <TextField
        select
        label={label}
        value={String(value)}
        onChange={(event) => {
          const chosen = options.find((option) => String(option.value) === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
        error={Boolean(error)}
        helperText={error}
        fullWidth
        margin="dense"
      >
        {options.map((option) => (
          <MenuItem key={String(option.value)} value={String(option.value)}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    </HydrateApart>
  );
}

/** An on/off setting. */
export function SwitchInput({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label={label}
      sx={{ display: 'flex', my: 0.5 }}
    />
  );
}
