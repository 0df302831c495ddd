import CancelIcon from '@mui/icons-material/Cancel';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/** What a chips input takes. */
export interface ChipsInputProps {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  /** Suggestions offered while typing; any other text may be entered as well. */
  options?: string[];
  helperText?: string;
  error?: boolean;
  disabled?: boolean;
  /** The longest entry (characters); longer text is cut. */
  maxLength?: number;
  /** Accessible label of an entry's remove button, e.g. value => `Remove ${value}`. */
  removeLabel: (value: string) => string;
}

/** Adds the trimmed, non-empty entries of `texts` that are not in `list` yet (case-insensitive). */
export function addEntries(list: string[], texts: string[], maxLength?: number): string[] {
  const next = [...list];
  for (const raw of texts) {
    const text = maxLength ? raw.trim().slice(0, maxLength) : raw.trim();
    if (text && !next.some((entry) => entry.toLowerCase() === text.toLowerCase())) next.push(text);
  }
  return next;
}

/**
 * A text field that collects a list of short texts as chips (skills, languages, locations): Enter or
 * a comma adds the typed text, leaving the field adds what is still typed, Backspace in the empty
 * field removes the last chip, and each chip has a remove button.
 */
export function ChipsInput({
  label,
  value,
  onChange,
  options = [],
  helperText,
  error = false,
  disabled = false,
  maxLength,
  removeLabel,
}: ChipsInputProps) {
  const [text, setText] = useState('');
  const commit = (texts: string[]) => {
    const next = addEntries(value, texts, maxLength);
    if (next.length !== value.length) onChange(next);
    setText('');
  };
  return (
    <Autocomplete
      multiple
      freeSolo
      disabled={disabled}
      options={options}
      value={value}
      inputValue={text}
      filterSelectedOptions
      disableClearable
      onChange={(_, next) => onChange(addEntries([], next as string[], maxLength))}
      onInputChange={(_, next, reason) => {
        if (reason === 'reset') return setText('');
        if (next.includes(',')) {
          const parts = next.split(',');
          const rest = parts.pop() ?? '';
          const added = addEntries(value, parts, maxLength);
          if (added.length !== value.length) onChange(added);
          setText(rest.trimStart());
          return;
        }
        setText(next);
      }}
      onBlur={() => {
        if (text.trim()) commit([text]);
      }}
      renderValue={(selected, getItemProps) =>
        selected.map((entry, index) => {
          const { key, onDelete, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              size="small"
              label={entry}
              onDelete={onDelete}
              {...itemProps}
              slotProps={{ root: { 'aria-label': entry } }}
              deleteIcon={<CancelLabelled label={removeLabel(entry)} />}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          margin="normal"
          helperText={helperText}
          error={error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength },
          }}
        />
      )}
    />
  );
}

/** The chip's remove icon with a name, so the remove action is announced. */
function CancelLabelled({ label, ...props }: { label: string } & Record<string, unknown>) {
  return <CancelIcon {...props} titleAccess={label} />;
}
