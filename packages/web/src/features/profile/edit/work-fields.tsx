import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ListOptions } from '@plaza/contract';
import { profileLimits } from '@plaza/contract/profile';
import { useQuery } from '@tanstack/react-query';
import { Controller, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChipsInput } from '../../../components/chips-input';
import { textFieldProps } from '../../../components/form-text';
import { listOptionsQuery } from '../api/profile';
import { EntryFieldset } from './form-parts';
import { type ProfileFormFields, type ProfileFormValues, profileErrorText } from './profile-form-schema';

type ProfileForm = UseFormReturn<ProfileFormFields, unknown, ProfileFormValues>;
const lists: (keyof ListOptions)[] = ['locations', 'areas', 'skills', 'languages', 'special_tasks'];

/** Locations, areas, skills, languages and special tasks as chips (with values others use offered), and the career stations. */
export function WorkFields({ form }: { form: ProfileForm }) {
  const { t } = useTranslation();
  const suggestions = useQuery(listOptionsQuery);
  const careers = useFieldArray({ control: form.control, name: 'careers' });
  return (
    <>
      {lists.map((name) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field, fieldState }) => (
            <ChipsInput
              label={t(`profile.edit.${name}`)}
              value={field.value}
              onChange={field.onChange}
              options={suggestions.data?.[name] ?? []}
              maxLength={profileLimits.listItemMax}
              helperText={profileErrorText(t, fieldState.error) ?? t('profile.edit.chips_hint')}
              error={Boolean(fieldState.error)}
              removeLabel={(value) => t('profile.edit.remove_entry', { value })}
            />
          )}
        />
      ))}
      <Typography variant="h3" sx={{ fontSize: '1.0625rem', fontWeight: 600, mt: 3, mb: 1 }}>
        {t('profile.edit.careers')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {careers.fields.map((career, index) => (
          <EntryFieldset
            key={career.id}
            legend={`${t('profile.edit.careers')} ${index + 1}`}
            columns="1fr 1fr auto"
          >
            <TextField
              label={t('profile.edit.career_title')}
              required
              {...textFieldProps(form, t, `careers.${index}.title`, { maxLength: profileLimits.positionMax })}
            />
            <TextField
              label={t('profile.edit.career_company')}
              {...textFieldProps(form, t, `careers.${index}.company`, {
                maxLength: profileLimits.positionMax,
              })}
            />
            <IconButton
              onClick={() => careers.remove(index)}
              aria-label={`${t('profile.edit.career_remove')} ${index + 1}`}
              sx={{ alignSelf: 'center', justifySelf: 'end', gridRow: { sm: 'span 2' } }}
            >
              <DeleteOutline />
            </IconButton>
            <TextField
              type="month"
              label={t('profile.edit.career_from')}
              {...textFieldProps(form, t, `careers.${index}.from`)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="month"
              label={t('profile.edit.career_to')}
              {...textFieldProps(form, t, `careers.${index}.to`)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </EntryFieldset>
        ))}
      </Box>
      {careers.fields.length < profileLimits.careersMax && (
        <Button
          startIcon={<Add />}
          sx={{ mt: 1 }}
          onClick={() => careers.append({ title: '', company: '', from: '', to: '' })}
        >
          {t('profile.edit.career_add')}
        </Button>
      )}
    </>
  );
}
