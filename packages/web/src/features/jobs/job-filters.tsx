import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { FilterOption, FilterValues } from '@plaza/contract/filters';
import { useTranslation } from 'react-i18next';
import { SingleSelect } from '../../components/single-select';

/**
 * The list's filters: one searchable single-select per facet of `GET jobs.filters`; choosing the chosen
 * value again clears it. A change replaces that facet's value and starts the list again at page 1.
 */
export function JobFilters({
  filters,
  applied,
  onChange,
}: {
  filters: FilterOption[];
  applied: FilterValues;
  onChange: (next: FilterValues) => void;
}) {
  const { t } = useTranslation();
  const active = Object.values(applied).some((values) => values.length > 0);
  const set = (facet: string, value: string | null) => {
    const next = { ...applied };
    if (value === null) delete next[facet];
    else next[facet] = [value];
    onChange(next);
  };
  return (
    <Box
      component="section"
      aria-label={t('jobs.filters.title')}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
        gap: 2,
        alignItems: 'start',
        mb: 2,
      }}
    >
      {filters.map((filter) => (
        <SingleSelect
          key={filter.identifier}
          label={filter.label}
          searchable
          options={filter.properties.map((property) => ({ value: property.id, label: property.value }))}
          value={applied[filter.identifier]?.[0] ?? null}
          onChange={(value) => set(filter.identifier, value)}
        />
      ))}
      {active && (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button variant="text" onClick={() => onChange({})}>
            {t('jobs.filters.reset')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
