import Close from '@mui/icons-material/Close';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
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
import type { Suggestion } from '@plaza/contract/directory';
import { useQuery } from '@tanstack/react-query';
import { type FocusEvent, type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { searchFieldsQuery, suggestionsQuery } from '../../features/directory/api/directory';
import { extendedSearchPath } from '../../features/directory/search-params';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useMedia } from '../../lib/use-media';
import { useLang } from '../use-lang';

/**
 * The extended search bar of the app bar (settings `advanced_search.type` 'extended'): while it is
 * active a dark layer covers the page (a click on it or Escape closes), the search fields show as
 * chips (pick one to search only in it), and suggestions of the picked field (people from the quick
 * search when none is picked) appear while typing. Enter goes to the who-is-who with `type=extendedSearch`, `q`
 * and `field_id`; a person suggestion opens the profile, a value suggestion searches for it.
 * `onActiveChange` lets the shell lift the app bar above the layer. On phones it opens from an icon.
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
  const options = active && text.trim() ? (suggestions.data ?? []) : [];

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
  const pick = (suggestion: Suggestion) => {
    if (suggestion.type === 'user') go(`/${lang}/who_is_who/${suggestion.id}`);
    else go(extendedSearchPath(lang, suggestion.title, fieldId));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const option = options[highlighted];
    if (option) return pick(option);
    const q = text.trim();
    if (q) go(extendedSearchPath(lang, q, fieldId));
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
        aria-label={t('who_is_who.extended.label')}
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
            placeholder={t('who_is_who.extended.label')}
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
                'aria-label': t('who_is_who.extended.label'),
                'aria-autocomplete': 'list',
                'aria-expanded': options.length > 0,
                'aria-controls': listId,
                'aria-activedescendant': highlighted >= 0 ? optionId(highlighted) : undefined,
              },
              input: {
                sx: { bgcolor: 'background.paper' },
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton type="submit" edge="end" aria-label={t('who_is_who.extended.submit')}>
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
              <Box
                id={listId}
                role="listbox"
                aria-label={t('who_is_who.extended.suggestions')}
                sx={{ mt: options.length > 0 ? 1 : 0 }}
              >
                {options.map((option, index) => (
                  <Box
                    key={`${option.type}-${option.id}`}
                    id={optionId(index)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={index === highlighted}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => pick(option)}
                    onKeyDown={(event) => event.key === 'Enter' && pick(option)}
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1,
                      px: 1,
                      py: 0.75,
                      borderRadius: 1,
                      cursor: 'pointer',
                      bgcolor: index === highlighted ? 'action.selected' : undefined,
                      '&:hover': { bgcolor: 'action.hover' },
                    }}
                  >
                    {option.type === 'user' ? (
                      <PersonOutlined fontSize="small" aria-hidden />
                    ) : (
                      <Search fontSize="small" aria-hidden />
                    )}
                    <span>{option.title}</span>
                  </Box>
                ))}
              </Box>
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
