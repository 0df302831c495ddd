import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Grid from '@mui/material/Grid';
import type { FilterOption, FilterValues } from '@plaza/contract/filters';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FilterChoice, MultiSelectFilter } from './multi-select-filter';

/** A filter of a list: its key in the query, its label and its choices. */
export interface FilterDefinition {
  identifier: string;
  label: string;
  options: FilterChoice[];
}

/** The panel's filters from a list's filter options (`properties[].id` is the value sent back). */
export function filterDefinitions(options: FilterOption[]): FilterDefinition[] {
  return options.map((option) => ({
    identifier: option.identifier,
    label: option.label,
    options: option.properties.map((property) => ({ value: property.id, label: property.value })),
  }));
}

/** The values without empty filters, so `{}` means no filter. */
export function activeFilters(values: FilterValues): FilterValues {
  return Object.fromEntries(Object.entries(values).filter(([, chosen]) => chosen.length > 0));
}

/** How many choices are active in total. */
export const activeFilterCount = (values: FilterValues) =>
  Object.values(values).reduce((sum, chosen) => sum + chosen.length, 0);

/**
 * A toggle and a panel of multi-select filters. Choices in the panel are inactive until 'Apply'
 * (`onApply` with the chosen values); 'Reset' clears the choices and applies no filter. The toggle
 * shows how many choices are active.
 */
export function FilterPanel({
  filters,
  applied,
  onApply,
}: {
  filters: FilterDefinition[];
  applied: FilterValues;
  onApply: (values: FilterValues) => void;
}) {
  const { t } = useTranslation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<FilterValues>(applied);
  const appliedKey = JSON.stringify(applied);
  // When the applied filters change from outside (the address), the panel shows them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: appliedKey stands for applied
  useEffect(() => setDraft(applied), [appliedKey]);
  const count = activeFilterCount(applied);

  return (
    <Box>
      <Button
        variant={count > 0 ? 'contained' : 'outlined'}
        startIcon={<FilterListIcon />}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {count > 0 ? t('list_controls.filters.toggle_active', { count }) : t('list_controls.filters.toggle')}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box
          id={panelId}
          role="region"
          aria-label={t('list_controls.filters.panel')}
          sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {filters.length === 0 ? (
            <Box sx={{ color: 'text.secondary' }}>{t('list_controls.filters.none')}</Box>
          ) : (
            <Grid container spacing={2}>
              {filters.map((filter) => (
                <Grid key={filter.identifier} size={{ xs: 12, sm: 6, md: 4 }}>
                  <MultiSelectFilter
                    label={filter.label}
                    options={filter.options}
                    value={draft[filter.identifier] ?? []}
                    onChange={(chosen) => setDraft((values) => ({ ...values, [filter.identifier]: chosen }))}
                  />
                </Grid>
              ))}
            </Grid>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
            <Button
              onClick={() => {
                setDraft({});
                onApply({});
              }}
            >
              {t('list_controls.filters.reset')}
            </Button>
            <Button variant="contained" onClick={() => onApply(activeFilters(draft))}>
              {t('list_controls.filters.apply')}
            </Button>
          </Box>
        </Box>
      </Collapse>
    </Box>
  );
}
