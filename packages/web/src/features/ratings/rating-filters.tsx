import Stack from '@mui/material/Stack';
import type { FilterOption, FilterValues } from '@plaza/contract/filters';
import { SingleSelect } from '../../components/single-select';

/**
 * The ratings filters (location, city) as single-selects with search: one value each, chosen again to
 * clear. `onChange` gets the whole new set of filter values.
 */
export function RatingFilters({
  options,
  applied,
  onChange,
}: {
  options: FilterOption[];
  applied: FilterValues;
  onChange: (filters: FilterValues) => void;
}) {
  const change = (identifier: string, value: string | null) => {
    const next = { ...applied };
    if (value === null) delete next[identifier];
    else next[identifier] = [value];
    onChange(next);
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
      {options.map((option) => (
        <SingleSelect
          key={option.identifier}
          label={option.label}
          searchable
          options={option.properties.map((p) => ({ value: p.id, label: p.value }))}
          value={applied[option.identifier]?.[0] ?? null}
          onChange={(value) => change(option.identifier, value)}
        />
      ))}
    </Stack>
  );
}
