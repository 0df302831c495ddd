import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { growingSlots } from '../../components/growing-textarea';
import { ApiRequestError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import type { Problems } from './admin-values';

/** Two columns on wider screens: the editors' fields side by side, German beside English. */
export const fieldGrid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 };

/** Server field errors by field name. */
function serverFieldErrors(caught: unknown): Record<string, string> {
  return caught instanceof ApiRequestError
    ? Object.fromEntries(
        caught.errors.filter((item) => item.field).map((item) => [item.field!, item.message]),
      )
    : {};
}

/**
 * The state of an option's or gift's editor: its values, the chosen image, the problems the form or the
 * server found, and `submit`, which checks the values (`toInput`), saves them and ends with `onDone`.
 */
export function useEditor<V extends object, I>({
  initial,
  toInput,
  save,
  onDone,
}: {
  initial: () => V;
  toInput: (values: V) => { input: I } | { problems: Problems };
  save: (input: I, image: File | null) => Promise<unknown>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [image, setImage] = useState<File | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [server, setServer] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  /** Props of a text field bound to one of the values. */
  const field = (
    name: keyof V & string,
    label: string,
    extra: Partial<TextFieldProps> = {},
  ): TextFieldProps => ({
    name,
    label,
    value: values[name] as string,
    onChange: (event) => setValues({ ...values, [name]: event.target.value }),
    error: Boolean(problems[name] ?? server[name]),
    helperText: problems[name] ? t(problems[name]) : server[name],
    fullWidth: true,
    margin: 'normal',
    ...extra,
  });
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setServer({});
    const result = toInput(values);
    if ('problems' in result) return setProblems(result.problems);
    setProblems({});
    try {
      await save(result.input, image);
      onDone();
    } catch (caught) {
      const fields = serverFieldErrors(caught);
      setServer(fields);
      if (Object.keys(fields).length === 0) setFailure(apiErrorText(t, caught));
    }
  };
  return { values, setValues, image, setImage, failure, field, submit };
}

/** The names and descriptions in both languages (inside a `fieldGrid`). */
export function BilingualFields({
  field,
}: {
  field: (
    name: 'name_de' | 'name_en' | 'description_de' | 'description_en',
    label: string,
    extra?: Partial<TextFieldProps>,
  ) => TextFieldProps;
}) {
  const { t } = useTranslation();
  const description = { multiline: true, slotProps: growingSlots({ minRows: 2 }) };
  return (
    <>
      <TextField {...field('name_de', t('registration.admin.form.name_de'))} required />
      <TextField {...field('name_en', t('registration.admin.form.name_en'))} required />
      <TextField {...field('description_de', t('registration.admin.form.description_de'), description)} />
      <TextField {...field('description_en', t('registration.admin.form.description_en'), description)} />
    </>
  );
}

/**
 * An option's or gift's editor around its fields: the heading, the active switch, the image, the
 * failure, save and cancel.
 */
export function EditorForm({
  heading,
  editor,
  active,
  onActive,
  hasImage,
  pending,
  onCancel,
  children,
}: {
  heading: string;
  editor: Pick<ReturnType<typeof useEditor>, 'image' | 'setImage' | 'failure' | 'submit'>;
  active: boolean;
  onActive: (active: boolean) => void;
  hasImage: boolean;
  pending: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { image, setImage, failure, submit } = editor;
  return (
    <Paper
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: 2, mb: 3 }}
    >
      <Typography id={headingId} component="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
        {heading}
      </Typography>
      {children}
      <FormControlLabel
        control={<Checkbox checked={active} onChange={(event) => onActive(event.target.checked)} />}
        label={t('registration.admin.form.active')}
      />
      <Box sx={{ my: 1 }}>
        <Button component="label" variant="outlined">
          {t('registration.admin.form.image')}
          <input
            hidden
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(event) => setImage(event.target.files?.[0] ?? null)}
          />
        </Button>{' '}
        {image?.name ?? (hasImage ? t('registration.admin.form.has_image') : '')}
      </Box>
      {failure && (
        <Alert severity="error" role="alert" sx={{ my: 1 }}>
          {failure}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button type="submit" variant="contained" disabled={pending}>
          {t('registration.admin.save')}
        </Button>
        <Button onClick={onCancel}>{t('registration.admin.cancel')}</Button>
      </Box>
    </Paper>
  );
}
