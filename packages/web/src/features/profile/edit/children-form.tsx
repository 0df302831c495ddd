import { zodResolver } from '@hookform/resolvers/zod';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { parseBirthday, toBirthdayInput } from '@plaza/contract/birthday';
import { type Locale, limits } from '@plaza/contract/constants';
import { nameSchema } from '@plaza/contract/entities';
import { type Child, genderSchema, profileLimits } from '@plaza/contract/profile';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useLang } from '../../../app/use-lang';
import { OptionSelect, SavedFormHeading, type SaveMessage } from '../../../components/form-parts';
import { textFieldProps } from '../../../components/form-text';
import { apiErrorText } from '../../../lib/api-error-text';
import { childrenQuery, useGenderOptions, useSaveChildren } from '../api/profile';
import { EntryFieldset } from './form-parts';
import { birthdayFieldSchema } from './profile-form-schema';

const childrenFormSchema = z.object({
  children: z
    .array(
      z.object({
        firstname: nameSchema,
        birthday: birthdayFieldSchema,
        gender: z.union([genderSchema, z.literal('')]),
      }),
    )
    .max(profileLimits.childrenMax),
});
type ChildrenFields = z.input<typeof childrenFormSchema>;
type ChildrenValues = z.output<typeof childrenFormSchema>;

const childrenDefaults = (children: Child[], locale: Locale): ChildrenFields => ({
  children: children.map((child) => ({
    firstname: child.firstname,
    birthday: child.birthday ? toBirthdayInput(child.birthday, locale) : '',
    gender: child.gender ?? '',
  })),
});

/** The children as the API takes them: birthdays as DD/MM/YYYY with a four-digit year, '' as null. */
export function childrenPayload(values: ChildrenValues) {
  return values.children.map((child) => {
    const parsed = child.birthday.trim() === '' ? null : parseBirthday(child.birthday);
    return {
      firstname: child.firstname,
      birthday: parsed?.ok ? toBirthdayInput(parsed.iso) : null,
      gender: child.gender === '' ? null : child.gender,
    };
  });
}

function ChildrenEditor({ userId, saved }: { userId: number; saved: Child[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const save = useSaveChildren(userId);
  const genders = useGenderOptions('gender');
  const [message, setMessage] = useState<SaveMessage | null>(null);
  const headingId = useId();
  const form = useForm<ChildrenFields, unknown, ChildrenValues>({
    resolver: zodResolver(childrenFormSchema) as unknown as Resolver<ChildrenFields, unknown, ChildrenValues>,
    mode: 'onTouched',
    defaultValues: childrenDefaults(saved, lang),
  });
  const list = useFieldArray({ control: form.control, name: 'children' });

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      const saved = await save.mutateAsync(childrenPayload(values));
      form.reset(childrenDefaults(saved.children, lang));
      setMessage({ severity: 'success', text: t('profile.children.saved') });
    } catch (caught) {
      setMessage({ severity: 'error', text: apiErrorText(t, caught) });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={headingId}>
      <SavedFormHeading id={headingId} title={t('profile.children.title')} message={message} />
      {list.fields.length === 0 && (
        <Typography color="text.secondary">{t('profile.children.none')}</Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2 }}>
        {list.fields.map((child, index) => {
          const name = form.watch(`children.${index}.firstname`) || String(index + 1);
          return (
            <EntryFieldset key={child.id} legend={name} columns="1fr 1fr 1fr auto">
              <TextField
                label={t('profile.children.firstname')}
                required
                {...textFieldProps(form, t, `children.${index}.firstname`, {
                  maxLength: limits.nameMaxLength,
                })}
              />
              <TextField
                label={t('profile.children.birthday')}
                {...textFieldProps(form, t, `children.${index}.birthday`, {
                  maxLength: 20,
                  helperText: t('profile.edit.birthday_hint'),
                })}
              />
              <OptionSelect
                control={form.control}
                name={`children.${index}.gender`}
                label={t('profile.children.gender')}
                options={genders}
              />
              <IconButton
                onClick={() => list.remove(index)}
                aria-label={t('profile.children.remove', { name })}
                sx={{ alignSelf: 'center', justifySelf: 'end' }}
              >
                <DeleteOutline />
              </IconButton>
            </EntryFieldset>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        {list.fields.length < profileLimits.childrenMax && (
          <Button
            startIcon={<Add />}
            onClick={() => list.append({ firstname: '', birthday: '', gender: '' })}
          >
            {t('profile.children.add')}
          </Button>
        )}
        <Button type="submit" variant="outlined" disabled={save.isPending}>
          {t('profile.children.save')}
        </Button>
      </Box>
    </Box>
  );
}

/** The member's children, replaced as a whole when saved. */
export function ChildrenForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const children = useQuery(childrenQuery(userId));
  if (children.isError)
    return (
      <Alert severity="error" role="alert">
        {apiErrorText(t, children.error)}
      </Alert>
    );
  if (!children.data) return <CircularProgress aria-label={t('profile.loading')} />;
  return <ChildrenEditor userId={userId} saved={children.data} />;
}
