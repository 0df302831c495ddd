import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useState } from 'react';

/** The search text to use: trimmed, or null when it is empty or blank (such a search does nothing). */
export function searchTerm(text: string): string | null {
  const term = text.trim();
  return term ? term : null;
}

/** What a search box takes. */
export interface SearchBoxProps {
  label: string;
  submitLabel: string;
  value: string;
  onSearch: (term: string) => void;
}

/**
 * A search field that searches on Enter or its search icon with the trimmed text; empty or blank
 * text does nothing. Shows `value` (the active search) and follows it when it changes.
 */
export function SearchBox({ label, submitLabel, value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const term = searchTerm(text);
    if (term !== null) onSearch(term);
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label={label}
      onSubmit={submit}
      sx={{ flex: '1 1 280px', maxWidth: 560 }}
    >
      <TextField
        fullWidth
        size="small"
        type="search"
        label={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" edge="end" aria-label={submitLabel}>
                  <Search />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}

/** A list page's search row: the search box and, while a search is active (`onClear` given), a "clear search" button. */
export function SearchRow({
  clearLabel,
  onClear,
  ...box
}: SearchBoxProps & { clearLabel: string; onClear?: () => void }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2 }}>
      <SearchBox {...box} />
      {onClear && (
        <Button variant="text" onClick={onClear}>
          {clearLabel}
        </Button>
      )}
    </Box>
  );
}
