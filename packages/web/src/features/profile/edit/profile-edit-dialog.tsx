import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { Profile } from '@plaza/contract';
import { useId, useState } from 'react';
import { type FieldErrors, type Path, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { useLang } from '../../../app/use-lang';
import { FormDialog } from '../../../components/form-dialog';
import { ApiRequestError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { useSaveProfile } from '../api/profile';
import { AddressForms } from './address-forms';
import { ChildrenForm } from './children-form';
import { CustomFields } from './custom-fields';
import { PersonalFields } from './personal-fields';
import {
  type ProfileFormFields,
  type ProfileFormValues,
  profileFormDefaults,
  profileFormSchema,
  profilePayload,
} from './profile-form-schema';
import { WorkFields } from './work-fields';

/** The parts of the edit overlay; the first three are one form, addresses and children save on their own. */
export type EditTab = 'personal' | 'work' | 'more' | 'addresses' | 'children';
const formTabs: EditTab[] = ['personal', 'work', 'more'];

/** Which tab holds a form field, so a refused save opens the tab with the problem. */
const tabOfField = (field: string): EditTab => {
  if (field.startsWith('custom')) return 'more';
  if (/^(locations|areas|skills|languages|special_tasks|careers)/.test(field)) return 'work';
  return 'personal';
};

export interface ProfileEditDialogProps {
  open: boolean;
  profile: Profile;
  onClose: () => void;
  /** Called after the profile form was saved (the overlay closes itself). */
  onSaved?: (profile: Profile) => void;
}

/** The edit-profile overlay (full screen on phones). Only for a profile whose `editable` is true. */
export function ProfileEditDialog(props: ProfileEditDialogProps) {
  return (
    <FormDialog open={props.open} onClose={props.onClose} maxWidth="md">
      {(titleId) => <ProfileEditForm {...props} titleId={titleId} />}
    </FormDialog>
  );
}

function ProfileEditForm({
  profile,
  onClose,
  onSaved,
  titleId,
}: ProfileEditDialogProps & { titleId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { settings } = useSession();
  const [tab, setTab] = useState<EditTab>('personal');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveProfile(profile.id);
  const formId = useId();
  const tabsId = useId();
  const form = useForm<ProfileFormFields, unknown, ProfileFormValues>({
    resolver: zodResolver(profileFormSchema) as unknown as Resolver<
      ProfileFormFields,
      unknown,
      ProfileFormValues
    >,
    mode: 'onTouched',
    defaultValues: profileFormDefaults(profile, lang),
  });
  const tabs: EditTab[] = [
    'personal',
    'work',
    ...(profile.custom_fields.length > 0 ? (['more'] as const) : []),
    'addresses',
    'children',
  ];

  const showFirstProblem = (errors: FieldErrors<ProfileFormFields>) => {
    const first = Object.keys(errors)[0];
    if (first) setTab(tabOfField(first));
  };

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const payload = profilePayload(values, {
      birthdayChanged: Boolean(form.formState.dirtyFields.birthday),
      showYearCheckbox: settings.show_birth_year_checkbox,
      fields: profile.custom_fields,
    });
    try {
      const saved = await save.mutateAsync(payload);
      onSaved?.(saved);
      onClose();
    } catch (caught) {
      const fieldErrors =
        caught instanceof ApiRequestError
          ? caught.errors.filter((item) => item.field && item.field in values)
          : [];
      for (const item of fieldErrors) {
        form.setError(item.field as Path<ProfileFormFields>, { type: 'server', message: item.message });
      }
      if (fieldErrors[0]?.field) setTab(tabOfField(fieldErrors[0].field));
      if (fieldErrors.length === 0) setError(apiErrorText(t, caught));
    }
  }, showFirstProblem);

  const onFormTab = formTabs.includes(tab);
  return (
    <>
      <DialogTitle id={titleId}>{t('profile.edit.heading')}</DialogTitle>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 1, sm: 3 } }}>
        <Tabs
          value={tab}
          onChange={(_event, value: EditTab) => setTab(value)}
          aria-label={t('profile.edit.tabs_label')}
          variant="scrollable"
          scrollButtons={false}
          sx={{ '& .MuiTab-root': { minWidth: 0, px: { xs: 1.5, sm: 2 } } }}
        >
          {tabs.map((value) => (
            <Tab
              key={value}
              value={value}
              label={t(`profile.edit.tabs.${value}`)}
              id={`${tabsId}-tab-${value}`}
              aria-controls={`${tabsId}-panel`}
            />
          ))}
        </Tabs>
      </Box>
      <DialogContent>
        <Box role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-tab-${tab}`}>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <Box
            component="form"
            id={formId}
            noValidate
            onSubmit={submit}
            aria-labelledby={titleId}
            sx={{ display: onFormTab ? 'block' : 'none' }}
          >
            {tab === 'personal' && (
              <PersonalFields form={form} showYearCheckbox={settings.show_birth_year_checkbox} />
            )}
            {tab === 'work' && <WorkFields form={form} />}
            {tab === 'more' && <CustomFields form={form} fields={profile.custom_fields} />}
          </Box>
          {tab === 'addresses' && <AddressForms userId={profile.id} />}
          {tab === 'children' && <ChildrenForm userId={profile.id} />}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{onFormTab ? t('profile.edit.cancel') : t('app.close')}</Button>
        {onFormTab && (
          <Button type="submit" form={formId} variant="contained" disabled={save.isPending}>
            {save.isPending ? t('profile.edit.saving') : t('profile.edit.save')}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
