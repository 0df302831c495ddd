import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ReorderList } from './reorder-list';
import { fieldText, type SettingField } from './settings-fields';
import type { DocumentEditor } from './use-document-editor';

type SearchField = { field_id: string; name: string };

/** One setting: its control, its label and its one-line meaning, and the server's refusal if any. */
export function SettingControl({ editor, field }: { editor: DocumentEditor<unknown>; field: SettingField }) {
  const { t } = useTranslation();
  const helpId = useId();
  const label = t(fieldText(field.path, 'label'));
  const error = editor.fieldError(field.path);
  const help = (
    <FormHelperText id={helpId} error={Boolean(error)} sx={{ mt: 0 }}>
      {error ?? t(fieldText(field.path, 'help'))}
    </FormHelperText>
  );
  const value = editor.get(field.path);
  const set = (next: unknown) => editor.set(field.path, next);

  switch (field.kind) {
    case 'switch':
      return (
        <Stack>
          <FormControlLabel
            control={
              <Switch
                checked={value === true}
                onChange={(event) => set(event.target.checked)}
                slotProps={{ input: { 'aria-describedby': helpId } }}
              />
            }
            label={label}
          />
          {help}
        </Stack>
      );
    case 'text':
    case 'page':
      return (
        <TextField
          label={label}
          value={value ?? ''}
          type={field.kind === 'page' ? 'number' : 'text'}
          onChange={(event) => {
            const text = event.target.value;
            if (field.kind === 'page') set(text === '' ? null : Number(text));
            else set(text === '' && field.nullable ? null : text);
          }}
          error={Boolean(error)}
          helperText={error ?? t(fieldText(field.path, 'help'))}
          size="small"
          fullWidth
        />
      );
    case 'select':
      return (
        <TextField
          select
          label={label}
          value={value ?? ''}
          onChange={(event) => set(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? t(fieldText(field.path, 'help'))}
          size="small"
          fullWidth
        >
          {field.options.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`admin-settings.options.${option}`)}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'choices': {
      const chosen = (value as string[] | undefined) ?? [];
      return (
        <fieldset aria-describedby={helpId} style={{ border: 0, padding: 0, margin: 0 }}>
          <Typography component="legend">{label}</Typography>
          <FormGroup row>
            {field.options.map((option) => (
              <FormControlLabel
                key={option}
                control={
                  <Checkbox
                    checked={chosen.includes(option)}
                    onChange={(event) =>
                      set(event.target.checked ? [...chosen, option] : chosen.filter((o) => o !== option))
                    }
                  />
                }
                label={t(`admin-settings.options.${option}`)}
              />
            ))}
          </FormGroup>
          {help}
        </fieldset>
      );
    }
    case 'order': {
      const items = (value as string[] | undefined) ?? [];
      return (
        <Stack>
          <Typography id={`${helpId}-label`}>{label}</Typography>
          {help}
          <ReorderList
            label={label}
            items={items}
            onChange={set}
            name={(item) => t(`admin-settings.options.${item}`, { defaultValue: item })}
          >
            {(item) => <Typography>{t(`admin-settings.options.${item}`, { defaultValue: item })}</Typography>}
          </ReorderList>
        </Stack>
      );
    }
    case 'search_fields': {
      const items = (value as SearchField[] | undefined) ?? [];
      const update = (index: number, patch: Partial<SearchField>) =>
        set(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
      return (
        <Stack spacing={1}>
          <Typography>{label}</Typography>
          {help}
          {items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the fields have no id but their place.
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                label={t('admin-settings.search_field.id')}
                value={item.field_id}
                onChange={(event) => update(index, { field_id: event.target.value })}
                size="small"
              />
              <TextField
                label={t('admin-settings.search_field.name')}
                value={item.name}
                onChange={(event) => update(index, { name: event.target.value })}
                size="small"
              />
              <IconButton
                aria-label={t('admin-settings.search_field.remove', { name: item.name || item.field_id })}
                onClick={() => set(items.filter((_, i) => i !== index))}
              >
                <Delete />
              </IconButton>
            </Stack>
          ))}
          <Button
            startIcon={<Add />}
            onClick={() => set([...items, { field_id: '', name: '' }])}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('admin-settings.search_field.add')}
          </Button>
        </Stack>
      );
    }
  }
}
