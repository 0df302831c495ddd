import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import { useId } from 'react';
import { HydrateApart } from './hydrate-apart';

/** One choice of a filter. */
export interface FilterChoice {
  value: string;
  label: string;
}

/** The open menu's maximum height (spec: 260 px); longer lists scroll. */
export const multiSelectMenuMaxHeight = 260;

/**
 * A multi-select dropdown with a checkbox per choice, named by `label` (its visible label). It opens
 * with Enter, Space or the arrow keys; Enter or Space toggles the focused choice, Escape closes. Hydrated
 * apart: MUI's select sets state as it commits (components/hydrate-apart).
 */
export function MultiSelectFilter({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: FilterChoice[];
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const labelId = useId();
  const byValue = new Map(options.map((option) => [option.value, option.label]));
  return (
    <HydrateApart>
      <FormControl fullWidth size="small">
        <InputLabel id={labelId}>{label}</InputLabel>
        <Select<string[]>
          multiple
          labelId={labelId}
          value={value}
          input={<OutlinedInput label={label} />}
          onChange={(event) => {
            const next = event.target.value;
            onChange(typeof next === 'string' ? next.split(',') : next);
          }}
          renderValue={(selected) => selected.map((item) => byValue.get(item) ?? item).join(', ')}
          MenuProps={{ slotProps: { paper: { sx: { maxHeight: multiSelectMenuMaxHeight } } } }}
        >
          {options.map((option) => {
            const checked = value.includes(option.value);
            return (
              <MenuItem key={option.value} value={option.value} dense>
                <ListItemIcon sx={{ color: checked ? 'primary.main' : 'text.secondary' }}>
                  {checked ? <CheckBox fontSize="small" /> : <CheckBoxOutlineBlank fontSize="small" />}
                </ListItemIcon>
                <ListItemText primary={option.label} />
              </MenuItem>
            );
          })}
        </Select>
      </FormControl>
    </HydrateApart>
  );
}
