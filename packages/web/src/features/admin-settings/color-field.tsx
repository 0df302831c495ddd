import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A colour as a picker and as its hex text (`#1f5fa8`), both editing the same value. */
export function ColorField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const valid = /^#[0-9a-fA-F]{6}$/.test(value);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        id={`${id}-picker`}
        aria-label={t('admin-settings.branding.pick', { name: label })}
        value={valid ? value.toLowerCase() : '#000000'}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        sx={{ width: 48, height: 40, p: 0, border: 0, background: 'none', cursor: 'pointer' }}
      />
      <TextField
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value.trim())}
        error={Boolean(error) || !valid}
        helperText={error ?? (valid ? undefined : t('admin-settings.branding.hex_hint'))}
        slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
        size="small"
        fullWidth
      />
    </Stack>
  );
}
