import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { timings } from '@plaza/contract/constants';
import type { SearchSuggestion } from '@plaza/contract/search';
import { useQuery } from '@tanstack/react-query';
import { type FocusEvent, type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { searchSuggestionsQuery } from './api/search';
import { searchResultsPath, suggestionPath } from './links';

/**
 * The shell's basic search box: searches the whole community (`/{lang}/search_results?q=`). While typing,
 * suggestions (members, groups, topics, articles, pages) show below it once the text has rested for
 * `timings.memberSearchDebounceMs`; it is a combobox: arrow keys move through them, Enter opens the one
 * highlighted or searches the text, Escape closes the list. A blank text does nothing.
 */
export function ShellSearchBox({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { lang = '' } = useParams();
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const term = useDebouncedValue(text.trim(), timings.memberSearchDebounceMs);
  const suggestions = useQuery({ ...searchSuggestionsQuery(term), enabled: term.length > 0 });
  const options = open && text.trim() && term ? (suggestions.data ?? []) : [];
  const expanded = options.length > 0;

  // The highlight starts again when the list changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer stands for the list
  useEffect(() => setHighlighted(-1), [suggestions.data]);

  const go = (path: string) => {
    setOpen(false);
    setText('');
    onNavigate?.();
    navigate(path);
  };
  const pick = (suggestion: SearchSuggestion) => go(suggestionPath(lang, suggestion));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const option = options[highlighted];
    if (option) return pick(option);
    const q = text.trim();
    if (q) go(searchResultsPath(lang, q));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'ArrowDown') {
      setOpen(true);
      if (options.length === 0) return;
      event.preventDefault();
      setHighlighted((index) => (index + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length > 0) {
      event.preventDefault();
      setHighlighted((index) => (index <= 0 ? options.length - 1 : index - 1));
    }
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (!next || !event.currentTarget.contains(next)) setOpen(false);
  };
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <Box
      component="form"
      role="search"
      aria-label={t('search.box.landmark')}
      onSubmit={submit}
      onBlur={onBlur}
      sx={{ position: 'relative' }}
    >
      <TextField
        fullWidth
        size="small"
        label={t('search.box.label')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        slotProps={{
          htmlInput: {
            role: 'combobox',
            autoComplete: 'off',
            'aria-autocomplete': 'list',
            'aria-expanded': expanded,
            'aria-controls': listId,
            'aria-activedescendant': expanded && highlighted >= 0 ? optionId(highlighted) : undefined,
          },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" edge="end" aria-label={t('search.box.submit')}>
                  <Search />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Paper
        elevation={8}
        sx={{
          display: expanded ? 'block' : 'none',
          position: 'absolute',
          top: '100%',
          left: 0,
          right: 0,
          mt: 0.5,
          py: 0.5,
          zIndex: (theme) => theme.zIndex.modal,
          maxHeight: '60vh',
          overflowY: 'auto',
        }}
      >
        <Box id={listId} role="listbox" aria-label={t('search.box.suggestions')}>
          {options.map((option, index) => (
            <Box
              key={`${option.type}-${option.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === highlighted}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
              sx={{
                px: 1.5,
                py: 0.75,
                cursor: 'pointer',
                bgcolor: index === highlighted ? 'action.selected' : undefined,
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              <Typography component="span" sx={{ display: 'block' }}>
                {option.title}
              </Typography>
              <Typography component="span" variant="caption" color="text.secondary">
                {t(`search.suggestion_types.${option.type}`)}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
    </Box>
  );
}
