import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../lib/api-error-text';
import { useSaveTopic } from './api';
import { fieldGrid } from './editor-form';

/** Creates or renames a registration topic (its label in both languages). */
export function TopicEditor({
  topic,
  onDone,
}: {
  topic: { id: number; label_de: string; label_en: string } | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTopic();
  const [labels, setLabels] = useState({ label_de: topic?.label_de ?? '', label_en: topic?.label_en ?? '' });
  const [missing, setMissing] = useState(false);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!labels.label_de.trim() || !labels.label_en.trim()) return setMissing(true);
    save.mutate(
      { id: topic?.id ?? null, label_de: labels.label_de.trim(), label_en: labels.label_en.trim() },
      { onSuccess: onDone },
    );
  };
  return (
    <Paper
      component="form"
      noValidate
      onSubmit={submit}
      variant="outlined"
      sx={{ p: 2, mb: 3 }}
      aria-label={t('registration.admin.topics.form')}
    >
      <Box sx={fieldGrid}>
        {(['label_de', 'label_en'] as const).map((name) => (
          <TextField
            key={name}
            name={name}
            required
            label={t(`registration.admin.form.${name}`)}
            value={labels[name]}
            onChange={(event) => setLabels({ ...labels, [name]: event.target.value })}
            error={missing && !labels[name].trim()}
            helperText={missing && !labels[name].trim() ? t('registration.admin.form.required') : undefined}
            margin="normal"
            fullWidth
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
        ))}
      </Box>
      {save.isError && <Alert severity="error">{apiErrorText(t, save.error)}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('registration.admin.save')}
        </Button>
        <Button onClick={onDone}>{t('registration.admin.cancel')}</Button>
      </Box>
    </Paper>
  );
}
