import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminSubscriptionOption } from '@plaza/contract/registration';
import { subscriptionPeriods } from '@plaza/contract/registration';
import { shopCurrencies } from '@plaza/contract/shop';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang';
import { ApiRequestError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { type OptionValues, optionInput, optionValues, type Problems } from './admin-values';
import { useSaveOption } from './api';

/** Props of a text field bound to one value of an editor's state. */
export function bound<V extends object>(
  values: V,
  setValues: (values: V) => void,
  problems: Problems,
  serverProblems: Record<string, string>,
  t: (key: string) => string,
) {
  return (name: keyof V & string, label: string, extra: Partial<TextFieldProps> = {}): TextFieldProps => ({
    name,
    label,
    value: values[name] as string,
    onChange: (event) => setValues({ ...values, [name]: event.target.value }),
    error: Boolean(problems[name] ?? serverProblems[name]),
    helperText: problems[name] ? t(problems[name]) : serverProblems[name],
    fullWidth: true,
    margin: 'normal',
    ...extra,
  });
}

/** Server field errors by field name. */
export function serverFieldErrors(caught: unknown): Record<string, string> {
  return caught instanceof ApiRequestError
    ? Object.fromEntries(
        caught.errors.filter((item) => item.field).map((item) => [item.field!, item.message]),
      )
    : {};
}

/** Creates or edits a subscription option (names and descriptions in both languages, price as typed). */
export function OptionEditor({
  option,
  onDone,
}: {
  option: AdminSubscriptionOption | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const save = useSaveOption();
  const [values, setValues] = useState<OptionValues>(() => optionValues(option, lang));
  const [image, setImage] = useState<File | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [server, setServer] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useId();
  const field = bound(values, setValues, problems, server, t);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setServer({});
    const result = optionInput(values);
    if ('problems' in result) return setProblems(result.problems);
    setProblems({});
    try {
      await save.mutateAsync({ id: option?.id ?? null, input: result.input, image });
      onDone();
    } catch (caught) {
      const fields = serverFieldErrors(caught);
      setServer(fields);
      if (Object.keys(fields).length === 0) setFailure(apiErrorText(t, caught));
    }
  };

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby={heading}
      variant="outlined"
      sx={{ p: 2, mb: 3 }}
    >
      <Typography id={heading} component="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
        {option ? t('registration.admin.options.edit') : t('registration.admin.options.new')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <TextField {...field('name_de', t('registration.admin.form.name_de'))} required />
        <TextField {...field('name_en', t('registration.admin.form.name_en'))} required />
        <TextField
          {...field('description_de', t('registration.admin.form.description_de'), {
            multiline: true,
            minRows: 2,
          })}
        />
        <TextField
          {...field('description_en', t('registration.admin.form.description_en'), {
            multiline: true,
            minRows: 2,
          })}
        />
        <TextField
          {...field('price', t('registration.admin.form.price'))}
          required
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField {...field('currency', t('registration.admin.form.currency'), { select: true })}>
          {shopCurrencies.map((currency) => (
            <MenuItem key={currency} value={currency}>
              {currency}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...field('tax_rate', t('registration.admin.form.tax_rate'))}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField {...field('period', t('registration.admin.form.period'), { select: true })}>
          {subscriptionPeriods.map((period) => (
            <MenuItem key={period} value={period}>
              {t(`registration.admin.periods.${period}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...field('minimum_term', t('registration.admin.form.minimum_term'))}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          {...field('notice_days', t('registration.admin.form.notice_days'))}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={values.active}
            onChange={(event) => setValues({ ...values, active: event.target.checked })}
          />
        }
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
        {image?.name ?? (option?.image ? t('registration.admin.form.has_image') : '')}
      </Box>
      {failure && (
        <Alert severity="error" role="alert" sx={{ my: 1 }}>
          {failure}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('registration.admin.save')}
        </Button>
        <Button onClick={onDone}>{t('registration.admin.cancel')}</Button>
      </Box>
    </Paper>
  );
}
