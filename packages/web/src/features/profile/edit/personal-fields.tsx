import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { limits } from '@plaza/contract/constants';
import { profileLimits } from '@plaza/contract/profile';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OptionSelect } from '../../../components/form-parts';
import { textFieldProps } from '../../../components/form-text';
import { useGenderOptions, useStatusOptions } from '../api/profile';
import type { ProfileFormFields, ProfileFormValues } from './profile-form-schema';

type ProfileForm = UseFormReturn<ProfileFormFields, unknown, ProfileFormValues>;

/**
 * Names, title, position, gender and status (options from the server) and the birthday as DD/MM/YYYY text,
 * with the "show my year of birth" checkbox when the settings show it.
 */
export function PersonalFields({ form, showYearCheckbox }: { form: ProfileForm; showYearCheckbox: boolean }) {
  const { t } = useTranslation();
  const genders = useGenderOptions('gender');
  const statuses = useStatusOptions();
  const text = (
    name: Parameters<typeof textFieldProps<ProfileFormFields>>[2],
    maxLength: number,
    helperText?: string,
  ) => textFieldProps(form, t, name, { maxLength, helperText });
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <TextField
          label={t('profile.edit.firstname')}
          required
          autoComplete="given-name"
          {...text('firstname', limits.nameMaxLength)}
        />
        <TextField
          label={t('profile.edit.lastname')}
          required
          autoComplete="family-name"
          {...text('lastname', limits.nameMaxLength)}
        />
        <TextField
          label={t('profile.edit.title')}
          autoComplete="honorific-prefix"
          {...text('title', profileLimits.titleMax)}
        />
        <OptionSelect
          control={form.control}
          name="gender"
          label={t('profile.edit.gender')}
          options={genders}
        />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <TextField
          label={t('profile.edit.position')}
          autoComplete="organization-title"
          {...text('position', profileLimits.positionMax)}
        />
        <OptionSelect
          control={form.control}
          name="status"
          label={t('profile.edit.status')}
          options={statuses}
          noneLabel={t('profile.edit.status_none')}
        />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 2,
          alignItems: 'start',
        }}
      >
        <TextField
          label={t('profile.edit.birthday')}
          autoComplete="bday"
          {...text('birthday', 20, t('profile.edit.birthday_hint'))}
        />
        {showYearCheckbox && (
          <Controller
            control={form.control}
            name="is_birth_year_visible"
            render={({ field }) => (
              <FormControlLabel
                sx={{ mt: { xs: 0, sm: 3 } }}
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    slotProps={{ input: { ref: field.ref } }}
                    name={field.name}
                  />
                }
                label={t('profile.edit.birth_year_visible')}
              />
            )}
          />
        )}
      </Box>
    </>
  );
}
