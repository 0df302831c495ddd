import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { jobLimits, type Locale, locales } from '@plaza/contract/constants';
import {
  type AdminJob,
  type EmploymentType,
  employmentTypes,
  type JobField,
  type JobInput,
  jobFields,
} from '@plaza/contract/jobs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { growingSlots } from '../../components/growing-textarea';
import { SingleSelect } from '../../components/single-select';
import { jobLocationsQuery } from './api';
import { dayInputText, parseDayInput } from './dates';

/** The job's long texts: areas that grow from three lines. */
const longText = growingSlots({ minRows: 3 }, { maxLength: jobLimits.textMaxLength });

/** What the form holds while it is edited: texts as typed. */
export interface JobFormValues {
  title: string;
  locale: Locale;
  field: JobField | null;
  location: string | null;
  employment_type: EmploymentType | null;
  available_in: string;
  tasks: string[];
  profile: string;
  offer: string;
}

/** The form's values of a stored job, or of a new one in the member's language. */
export function formValues(job: AdminJob | undefined, lang: Locale): JobFormValues {
  return {
    title: job?.title ?? '',
    locale: job?.locale ?? lang,
    field: job?.field ?? null,
    location: job?.location_id ? String(job.location_id) : null,
    employment_type: job?.employment_type ?? null,
    available_in: dayInputText(job?.available_in ?? null, lang),
    tasks: job?.tasks ?? [],
    profile: job?.profile ?? '',
    offer: job?.offer ?? '',
  };
}

export type FormProblems = Partial<Record<'title' | 'field' | 'employment_type' | 'available_in', string>>;

/** The call's body from the form, or the fields to fix (translation keys). */
export function formInput(values: JobFormValues): { input: JobInput } | { problems: FormProblems } {
  const problems: FormProblems = {};
  if (!values.title.trim()) problems.title = 'jobs.admin.form.required';
  if (!values.field) problems.field = 'jobs.admin.form.required';
  if (!values.employment_type) problems.employment_type = 'jobs.admin.form.required';
  const day = parseDayInput(values.available_in);
  if (day === null) problems.available_in = 'jobs.admin.form.available_in_invalid';
  if (Object.keys(problems).length > 0) return { problems };
  return {
    input: {
      title: values.title.trim(),
      locale: values.locale,
      field: values.field!,
      location_id: values.location ? Number(values.location) : null,
      employment_type: values.employment_type!,
      available_in: day || null,
      tasks: values.tasks.map((task) => task.trim()).filter(Boolean),
      profile: values.profile.trim(),
      offer: values.offer.trim(),
    },
  };
}

/** The fields of a job. */
export function JobForm({
  values,
  problems,
  onChange,
}: {
  values: JobFormValues;
  problems: FormProblems;
  onChange: (values: JobFormValues) => void;
}) {
  const { t } = useTranslation();
  const locations = useQuery(jobLocationsQuery());
  const set = <K extends keyof JobFormValues>(key: K, value: JobFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const problem = (key: keyof FormProblems) => (problems[key] ? t(problems[key]) : undefined);
  const setTask = (index: number, text: string) =>
    set(
      'tasks',
      values.tasks.map((task, at) => (at === index ? text : task)),
    );
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      <TextField
        label={t('jobs.admin.form.title')}
        value={values.title}
        onChange={(event) => set('title', event.target.value)}
        required
        error={Boolean(problems.title)}
        helperText={problem('title')}
        slotProps={{ htmlInput: { maxLength: jobLimits.titleMaxLength } }}
        fullWidth
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <SingleSelect
          label={t('jobs.admin.form.locale')}
          options={locales.map((value) => ({ value, label: t(`jobs.admin.locales.${value}`) }))}
          value={values.locale}
          required
          onChange={(value) => value && set('locale', value as Locale)}
        />
        <SingleSelect
          label={t('jobs.admin.form.field')}
          searchable
          required
          error={Boolean(problems.field)}
          helperText={problem('field')}
          options={jobFields.map((value) => ({ value, label: t(`jobs.fields.${value}`) }))}
          value={values.field}
          onChange={(value) => set('field', value as JobField | null)}
        />
        <SingleSelect
          label={t('jobs.admin.form.location')}
          searchable
          options={(locations.data ?? []).map((place) => ({ value: String(place.id), label: place.name }))}
          value={values.location}
          onChange={(value) => set('location', value)}
        />
        <SingleSelect
          label={t('jobs.admin.form.employment_type')}
          required
          error={Boolean(problems.employment_type)}
          helperText={problem('employment_type')}
          options={employmentTypes.map((value) => ({ value, label: t(`jobs.employment_types.${value}`) }))}
          value={values.employment_type}
          onChange={(value) => set('employment_type', value as EmploymentType | null)}
        />
      </Box>
      <TextField
        label={t('jobs.admin.form.available_in')}
        value={values.available_in}
        onChange={(event) => set('available_in', event.target.value)}
        error={Boolean(problems.available_in)}
        helperText={problem('available_in') ?? t('jobs.admin.form.available_in_hint')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ maxWidth: 320 }}
      />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
          {t('jobs.admin.form.tasks')}
        </Typography>
        {values.tasks.map((task, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: tasks are edited in place by position
          <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
            <TextField
              label={t('jobs.admin.form.task', { n: index + 1 })}
              value={task}
              onChange={(event) => setTask(index, event.target.value)}
              slotProps={{ htmlInput: { maxLength: jobLimits.taskMaxLength } }}
              size="small"
              fullWidth
            />
            <IconButton
              aria-label={t('jobs.admin.form.remove_task', { n: index + 1 })}
              onClick={() =>
                set(
                  'tasks',
                  values.tasks.filter((_, at) => at !== index),
                )
              }
            >
              <DeleteOutlined />
            </IconButton>
          </Box>
        ))}
        {values.tasks.length < jobLimits.maxTasks && (
          <Button startIcon={<Add aria-hidden />} onClick={() => set('tasks', [...values.tasks, ''])}>
            {t('jobs.admin.form.add_task')}
          </Button>
        )}
      </Box>
      <TextField
        label={t('jobs.admin.form.profile')}
        value={values.profile}
        onChange={(event) => set('profile', event.target.value)}
        multiline
        slotProps={longText}
        fullWidth
      />
      <TextField
        label={t('jobs.admin.form.offer')}
        value={values.offer}
        onChange={(event) => set('offer', event.target.value)}
        multiline
        slotProps={longText}
        fullWidth
      />
    </Box>
  );
}
