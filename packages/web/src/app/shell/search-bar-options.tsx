import ManageSearch from '@mui/icons-material/ManageSearch';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import type { Suggestion } from '@plaza/contract/directory';
import { useTranslation } from 'react-i18next';

/**
 * What the extended search bar offers for a text: its suggestions (people, or values of the picked
 * field), then the searches of the text itself: everything (the search results page) and the people of
 * the who-is-who (in the picked field, if one is).
 */
export type SearchChoice =
  | { kind: 'suggestion'; suggestion: Suggestion }
  | { kind: 'everything' }
  | { kind: 'people' };

/**
 * The choices for a text: the suggestions first, then the two searches of the text. The first search is
 * what Enter runs when nothing is highlighted: the people in the picked field when a field is picked
 * (the member chose to search there), otherwise everything.
 */
export function searchChoices(suggestions: Suggestion[], text: string, fieldPicked: boolean): SearchChoice[] {
  if (!text) return [];
  const searches: SearchChoice[] = fieldPicked
    ? [{ kind: 'people' }, { kind: 'everything' }]
    : [{ kind: 'everything' }, { kind: 'people' }];
  return [...suggestions.map((suggestion) => ({ kind: 'suggestion' as const, suggestion })), ...searches];
}

interface SearchBarOptionsProps {
  id: string;
  choices: SearchChoice[];
  highlighted: number;
  /** The trimmed text, quoted in the searches' names. */
  text: string;
  /** The name of the picked field, or null for all fields. */
  fieldName: string | null;
  optionId: (index: number) => string;
  onPick: (choice: SearchChoice) => void;
}

/** The listbox of the extended search bar: suggestions, then the searches of the typed text. */
export function SearchBarOptions({
  id,
  choices,
  highlighted,
  text,
  fieldName,
  optionId,
  onPick,
}: SearchBarOptionsProps) {
  const { t } = useTranslation();
  const label = (choice: SearchChoice) => {
    if (choice.kind === 'suggestion') return choice.suggestion.title;
    if (choice.kind === 'everything') return t('app.search.everything', { query: text });
    return fieldName
      ? t('app.search.people_in_field', { query: text, field: fieldName })
      : t('app.search.people', { query: text });
  };
  const icon = (choice: SearchChoice) => {
    if (choice.kind === 'everything') return <ManageSearch fontSize="small" aria-hidden />;
    if (choice.kind === 'people') return <PersonSearchOutlined fontSize="small" aria-hidden />;
    return choice.suggestion.type === 'user' ? (
      <PersonOutlined fontSize="small" aria-hidden />
    ) : (
      <Search fontSize="small" aria-hidden />
    );
  };
  return (
    <Box
      id={id}
      role="listbox"
      aria-label={t('who_is_who.extended.suggestions')}
      sx={{ mt: choices.length ? 1 : 0 }}
    >
      {choices.map((choice, index) => {
        const firstSearch =
          choice.kind !== 'suggestion' && index > 0 && choices[index - 1]?.kind === 'suggestion';
        return (
          <Box
            key={
              choice.kind === 'suggestion' ? `${choice.suggestion.type}-${choice.suggestion.id}` : choice.kind
            }
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === highlighted}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(choice)}
            onKeyDown={(event) => event.key === 'Enter' && onPick(choice)}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 1,
              py: 0.75,
              borderRadius: 1,
              cursor: 'pointer',
              overflowWrap: 'anywhere',
              // The searches of the text are set apart from the suggestions above them.
              borderTop: firstSearch ? 1 : 0,
              borderColor: 'divider',
              mt: firstSearch ? 0.5 : 0,
              fontWeight: choice.kind === 'everything' ? 500 : undefined,
              bgcolor: index === highlighted ? 'action.selected' : undefined,
              '&:hover': { bgcolor: 'action.hover' },
            }}
          >
            {icon(choice)}
            <span>{label(choice)}</span>
          </Box>
        );
      })}
    </Box>
  );
}
