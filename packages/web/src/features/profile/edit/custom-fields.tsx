import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { CustomProfileField } from '@plaza/contract';
import { profileLimits } from '@plaza/contract/profile';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { growingSlots } from '../../../components/growing-textarea';
import {
  customKey,
  type ProfileFormFields,
  type ProfileFormValues,
  profileErrorText,
} from './profile-form-schema';

type ProfileForm = UseFormReturn<ProfileFormFields, unknown, ProfileFormValues>;

/** A free-text field: an area that grows up to six lines. */
const customText = growingSlots({ maxRows: 6 }, { maxLength: profileLimits.customTextMax });

/** The deployment's custom profile fields: a text field, a single choice, or several choices. */
export function CustomFields({ form, fields }: { form: ProfileForm; fields: CustomProfileField[] }) {
  const { t } = useTranslation();
  return (
    <>
      {fields.map((definition) => (
        <Controller
          key={definition.id}
          control={form.control}
          name={`custom.${customKey(definition.id)}`}
          render={({ field, fieldState }) => {
            const values = field.value ?? [];
            const common = {
              label: definition.label,
              fullWidth: true,
              margin: 'normal' as const,
              onBlur: field.onBlur,
              name: field.name,
              error: Boolean(fieldState.error),
              helperText: profileErrorText(t, fieldState.error),
            };
            if (definition.type === 'text') {
              return (
                <TextField
                  {...common}
                  multiline
                  value={values[0] ?? ''}
                  inputRef={field.ref}
                  onChange={(event) => field.onChange(event.target.value === '' ? [] : [event.target.value])}
                  slotProps={customText}
                />
              );
            }
            if (definition.type === 'select') {
              return (
                <TextField
                  {...common}
                  select
                  value={values[0] ?? ''}
                  inputRef={field.ref}
                  onChange={(event) => field.onChange(event.target.value === '' ? [] : [event.target.value])}
                >
                  <MenuItem value="">{t('profile.edit.choose')}</MenuItem>
                  {definition.options.map((option) => (
                    <MenuItem key={option.value} value={option.value}>
                      {option.label}
                    </MenuItem>
                  ))}
                </TextField>
              );
            }
            return (
              <Autocomplete
                multiple
                disableCloseOnSelect
                options={definition.options}
                value={definition.options.filter((option) => values.includes(option.value))}
                onChange={(_, chosen) => field.onChange(chosen.map((option) => option.value))}
                isOptionEqualToValue={(option, value) => option.value === value.value}
                getOptionLabel={(option) => option.label}
                renderInput={(params) => <TextField {...params} {...common} inputRef={field.ref} />}
              />
            );
          }}
        />
      ))}
    </>
  );
}
