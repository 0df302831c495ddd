import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useState } from 'react';

/** The search text to use: trimmed, or null when it is empty or blank (such a search does nothing). */
export function searchTerm(text: string): string | null {
  const term = text.trim();
  return term ? term : null;
}

/**
 * A search field that searches on Enter or its search icon with the trimmed text; empty or blank
 * text does nothing. Shows `value` (the active search) and follows it when it changes.
 */
export function SearchBox({
  label,
  submitLabel,
  value,
  onSearch,
}: {
  label: string;
  submitLabel: string;
  value: string;
  onSearch: (term: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const term = searchTerm(text);
    if (term !== null) onSearch(term);
  };
  return (
    <Box component="form" role="search" onSubmit={submit} sx={{ flex: '1 1 280px', maxWidth: 560 }}>
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
