import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { NewsFilter } from '@plaza/contract';
import { useTranslation } from 'react-i18next';
import type { NewsFilters } from './api/news';

const all = '';

/**
 * The stream's filters (category and item type); inactive until set, 'reset' clears them. Native selects:
 * the phone's own picker opens, and hydrating them sets no state as they commit (MUI's own select keeps its
 * display node in state, which made React re-render inside the dashboard's first commit).
 */
export function NewsFilterBar({
  filters,
  value,
  onChange,
}: {
  filters: NewsFilter[];
  value: NewsFilters;
  onChange: (value: NewsFilters) => void;
}) {
  const { t } = useTranslation();
  if (filters.length === 0) return null;
  const active = Boolean(value.category || value.type);
  return (
    <Box
      role="search"
      aria-label={t('news.filters.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}
    >
      {filters.map((filter) => (
        <TextField
          key={filter.id}
          select
          size="small"
          label={filter.label}
          value={(filter.identifier === 'category' ? value.category : value.type) ?? all}
          onChange={(event) => {
            const chosen = event.target.value || undefined;
            onChange(
              filter.identifier === 'category'
                ? { ...value, category: chosen }
                : { ...value, type: chosen as NewsFilters['type'] },
            );
          }}
          sx={{ minWidth: { xs: 0, sm: 180 }, flex: { xs: 1, sm: 'none' } }}
          // The first option ('all') has a text, so the label stays above the field.
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value={all}>{t('news.filters.all')}</option>
          {filter.properties.map((property) => (
            <option key={String(property.id)} value={String(property.id)}>
              {property.value}
            </option>
          ))}
        </TextField>
      ))}
      {active && <Button onClick={() => onChange({})}>{t('news.filters.reset')}</Button>}
    </Box>
  );
}
