import Autocomplete from '@mui/material/Autocomplete';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HydrateApart } from './hydrate-apart';

/** One choice of a single-select. */
export interface SelectChoice {
  value: string;
  label: string;
}

export interface SingleSelectProps {
  /** The visible label, which also names the control. */
  label: string;
  options: SelectChoice[];
  /** The chosen value, or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Offers a search field that narrows the choices as one types. */
  searchable?: boolean;
  /** Marks the field as required; `error` and `helperText` say what is wrong. */
  required?: boolean;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
}

/** The value after choosing `chosen`: choosing the selected item again deselects it (spec 5). */
export const nextSelection = (current: string | null, chosen: string): string | null =>
  chosen === current ? null : chosen;

/**
 * A single-select dropdown (spec 2, Other widgets): one choice or none, and choosing the selected item
 * again, by click, Enter or Space, deselects it. With `searchable` it is a combobox whose text narrows
 * the choices; otherwise a plain listbox. Both open and choose by keyboard. MUI's select and combobox set
 * state as they commit, so a page drawn by the server hydrates them apart (components/hydrate-apart).
 */
export function SingleSelect(props: SingleSelectProps) {
  return (
    <HydrateApart>
      {props.searchable ? <SearchableSelect {...props} /> : <PlainSelect {...props} />}
    </HydrateApart>
  );
}

function PlainSelect({
  label,
  options,
  value,
  onChange,
  required,
  error,
  helperText,
  disabled,
  size = 'small',
}: SingleSelectProps) {
  const labelId = useId();
  const helperId = useId();
  return (
    <FormControl fullWidth size={size} required={required} error={error} disabled={disabled}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select<string>
        labelId={labelId}
        label={label}
        value={value ?? ''}
        aria-describedby={helperText ? helperId : undefined}
        // Choices go through the items' clicks, so the selected one can be chosen again to clear it.
        onChange={() => undefined}
      >
        {options.map((option) => (
          <MenuItem
            key={option.value}
            value={option.value}
            onClick={() => onChange(nextSelection(value, option.value))}
          >
            {option.label}
          </MenuItem>
        ))}
      </Select>
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}

function SearchableSelect({
  label,
  options,
  value,
  onChange,
  required,
  error,
  helperText,
  disabled,
  size = 'small',
}: SingleSelectProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const selected = options.find((option) => option.value === value) ?? null;
  const deselect = () => {
    setOpen(false);
    onChange(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement> & { defaultMuiPrevented?: boolean }) => {
    // Enter on the selected choice (the input's active descendant) deselects it; the combobox would keep it.
    if (event.key !== 'Enter' || !open || !selected || !(event.target instanceof HTMLInputElement)) return;
    const activeId = event.target.getAttribute('aria-activedescendant');
    const active = activeId ? document.getElementById(activeId) : null;
    if (active?.dataset.value === selected.value) {
      event.defaultMuiPrevented = true;
      event.preventDefault();
      deselect();
    }
  };
  return (
    <Autocomplete<SelectChoice>
      options={options}
      value={selected}
      disabled={disabled}
      size={size}
      fullWidth
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      autoHighlight
      onChange={(_, next) => onChange(next?.value ?? null)}
      onKeyDown={onKeyDown}
      isOptionEqualToValue={(option, current) => option.value === current.value}
      getOptionLabel={(option) => option.label}
      noOptionsText={t('list_controls.select.no_options')}
      clearText={t('list_controls.select.clear')}
      openText={t('list_controls.select.open')}
      closeText={t('list_controls.select.close')}
      renderOption={({ key, onClick, ...optionProps }, option, state) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: keys reach the options through the combobox input (onKeyDown above)
        <li
          key={key}
          {...optionProps}
          data-value={option.value}
          onClick={(event) => {
            if (state.selected) deselect();
            else onClick?.(event);
          }}
        >
          {option.label}
        </li>
      )}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} error={error} helperText={helperText} />
      )}
    />
  );
}
