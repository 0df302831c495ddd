import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminGift, AdminSubscriptionOption } from '@plaza/contract/registration';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang';
import { apiErrorText } from '../../lib/api-error-text';
import { type GiftValues, giftInput, giftValues, type Problems } from './admin-values';
import { useSaveGift } from './api';
import { bound, serverFieldErrors } from './option-editor';

/** Creates or edits a gift: names, stock or unlimited, the options it comes with, image. */
export function GiftEditor({
  gift,
  options,
  onDone,
}: {
  gift: AdminGift | undefined;
  options: AdminSubscriptionOption[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const save = useSaveGift();
  const [values, setValues] = useState<GiftValues>(() => giftValues(gift));
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
    const result = giftInput(values);
    if ('problems' in result) return setProblems(result.problems);
    setProblems({});
    try {
      await save.mutateAsync({ id: gift?.id ?? null, input: result.input, image });
      onDone();
    } catch (caught) {
      const fields = serverFieldErrors(caught);
      setServer(fields);
      if (Object.keys(fields).length === 0) setFailure(apiErrorText(t, caught));
    }
  };
  const toggleOption = (id: number) =>
    setValues({
      ...values,
      subscription_option_ids: values.subscription_option_ids.includes(id)
        ? values.subscription_option_ids.filter((item) => item !== id)
        : [...values.subscription_option_ids, id],
    });

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
        {gift ? t('registration.admin.gifts.edit') : t('registration.admin.gifts.new')}
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
      </Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={values.unlimited}
            onChange={(event) => setValues({ ...values, unlimited: event.target.checked })}
          />
        }
        label={t('registration.admin.form.unlimited')}
      />
      {!values.unlimited && (
        <TextField
          {...field('stock', t('registration.admin.form.stock'))}
          fullWidth={false}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      )}
      <FormControl component="fieldset" sx={{ display: 'block', my: 1 }}>
        <FormLabel component="legend">{t('registration.admin.form.options')}</FormLabel>
        <FormGroup>
          {options.map((option) => (
            <FormControlLabel
              key={option.id}
              control={
                <Checkbox
                  checked={values.subscription_option_ids.includes(option.id)}
                  onChange={() => toggleOption(option.id)}
                />
              }
              label={lang === 'de_DE' ? option.name_de : option.name_en}
            />
          ))}
        </FormGroup>
      </FormControl>
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
        {image?.name ?? (gift?.image ? t('registration.admin.form.has_image') : '')}
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
