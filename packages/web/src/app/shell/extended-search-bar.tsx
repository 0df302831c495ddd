import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { timings } from '@plaza/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { type FocusEvent, type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { searchFieldsQuery, suggestionsQuery } from '../../features/directory/api/directory';
import { extendedSearchPath } from '../../features/directory/search-params';
import { searchResultsPath } from '../../features/search/links';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useMedia } from '../../lib/use-media';
import { useLang } from '../use-lang';
import { SearchBarOptions, type SearchChoice, searchChoices } from './search-bar-options';

/**
 * The extended search bar of the app bar (settings `advanced_search.type` 'extended'): while it is
 * active a dark layer covers the page (a click on it or Escape closes), the search fields show as
 * chips (pick one to search only in it), and suggestions of the picked field (people from the quick
 * search when none is picked) appear while typing, followed by "search everything for the text" (the
 * search results page) and "search colleagues" (the who-is-who with `type=extendedSearch`, `q` and
 * `field_id`). Enter with nothing highlighted runs the first of the two (`searchChoices`): everything,
 * or the picked field's people search. A person suggestion opens the profile, a value suggestion
 * searches for it. `onActiveChange` lets the shell lift the app bar above the layer. On phones it opens
 * from an icon.
 */
export function ExtendedSearchBar({ onActiveChange }: { onActiveChange: (active: boolean) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const theme = useTheme();
  const phone = useMedia(theme.breakpoints.down('sm'));
  const listId = useId();
  const [active, setActiveState] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [text, setText] = useState('');
  const [fieldId, setFieldId] = useState<string | null>(null);
  const [highlighted, setHighlighted] = useState(-1);
  const fields = useQuery({ ...searchFieldsQuery(), enabled: active });
  const term = useDebouncedValue(text.trim(), timings.memberSearchDebounceMs);
  const suggestions = useQuery({
    ...suggestionsQuery(fieldId, term),
    enabled: active && term.length > 0,
  });
  const q = text.trim();
  const choices = searchChoices(q ? (suggestions.data ?? []) : [], q, fieldId !== null);
  const options = active ? choices : [];
  const fieldName = fieldId ? (fields.data?.find((field) => field.field_id === fieldId)?.name ?? null) : null;

  const setActive = (value: boolean) => {
    setActiveState(value);
    onActiveChange(value);
  };
  // The highlighted suggestion starts again when the list changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: options stand for the answer
  useEffect(() => setHighlighted(-1), [suggestions.data]);

  const close = () => {
    setActive(false);
    setExpanded(false);
  };
  const go = (path: string) => {
    close();
    setText('');
    navigate(path);
  };
  const pick = (choice: SearchChoice) => {
    if (choice.kind === 'everything') return go(searchResultsPath(lang, q));
    if (choice.kind === 'people') return go(extendedSearchPath(lang, q, fieldId));
    const { suggestion } = choice;
    if (suggestion.type === 'user') go(`/${lang}/who_is_who/${suggestion.id}`);
    else go(extendedSearchPath(lang, suggestion.title, fieldId));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Nothing highlighted: the first search of the text (the suggestions come before the searches).
    const choice = options[highlighted] ?? choices.find((option) => option.kind !== 'suggestion');
    if (choice) pick(choice);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' && options.length > 0) {
      event.preventDefault();
      setActive(true);
      setHighlighted((index) => (index + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length > 0) {
      event.preventDefault();
      setHighlighted((index) => (index <= 0 ? options.length - 1 : index - 1));
    }
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next)) close();
  };

  if (phone && !expanded) {
    return (
      <IconButton
        aria-label={t('app.search.label')}
        onClick={() => {
          setExpanded(true);
          setActive(true);
        }}
      >
        <Search />
      </IconButton>
    );
  }

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <>
      <Backdrop open={active} onClick={close} sx={{ zIndex: theme.zIndex.drawer + 1 }} />
      <Box
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        sx={{
          position: phone ? 'absolute' : 'relative',
          inset: phone ? 0 : undefined,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: phone ? 1 : 0,
          bgcolor: phone ? 'background.paper' : undefined,
          flex: phone ? undefined : '0 1 560px',
          zIndex: theme.zIndex.drawer + 2,
        }}
      >
        {/* Named apart from a page's own search (who-is-who, occasions): two search landmarks on a page. */}
        <Box
          component="form"
          role="search"
          aria-label={t('app.search.landmark')}
          onSubmit={submit}
          sx={{ flex: 1, position: 'relative' }}
        >
          <TextField
            fullWidth
            size="small"
            autoFocus={phone}
            placeholder={t('app.search.label')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActive(true);
            }}
            onFocus={() => setActive(true)}
            // A click in the field reopens the search after Escape closed it while it kept the focus.
            onClick={() => setActive(true)}
            slotProps={{
              htmlInput: {
                role: 'combobox',
                'aria-label': t('app.search.label'),
                'aria-autocomplete': 'list',
                'aria-expanded': options.length > 0,
                'aria-controls': listId,
                'aria-activedescendant': highlighted >= 0 ? optionId(highlighted) : undefined,
              },
              input: {
                sx: { bgcolor: 'background.paper' },
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton type="submit" edge="end" aria-label={t('app.search.submit')}>
                      <Search />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          {active && (
            <Paper
              elevation={8}
              sx={{
                position: 'absolute',
                top: '100%',
                left: 0,
                right: 0,
                mt: 1,
                p: 1.5,
                maxHeight: '70vh',
                overflowY: 'auto',
              }}
            >
              <Typography variant="caption" component="p" color="text.secondary" sx={{ mb: 0.5 }}>
                {t('who_is_who.extended.fields')}
              </Typography>
              <Box
                role="group"
                aria-label={t('who_is_who.extended.fields')}
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
              >
                <FieldChip
                  label={t('who_is_who.extended.all_fields')}
                  selected={fieldId === null}
                  onClick={() => setFieldId(null)}
                />
                {(fields.data ?? []).map((field) => (
                  <FieldChip
                    key={field.field_id}
                    label={field.name}
                    selected={fieldId === field.field_id}
                    onClick={() => setFieldId(field.field_id)}
                  />
                ))}
              </Box>
              <SearchBarOptions
                id={listId}
                choices={options}
                highlighted={highlighted}
                text={q}
                fieldName={fieldName}
                optionId={optionId}
                onPick={pick}
              />
            </Paper>
          )}
        </Box>
        {phone && (
          <IconButton onClick={close} aria-label={t('who_is_who.extended.close')}>
            <Close />
          </IconButton>
        )}
      </Box>
    </>
  );
}

/** A search field to pick; pressed while it is the one searched in. */
function FieldChip({ label, selected, onClick }: { label: string; selected: boolean; onClick: () => void }) {
  return (
    <Chip
      label={label}
      size="small"
      clickable
      color={selected ? 'primary' : 'default'}
      variant={selected ? 'filled' : 'outlined'}
      aria-pressed={selected}
      onClick={onClick}
    />
  );
}
