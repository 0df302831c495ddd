import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { htmlLang, type Locale, locales } from '@plaza/contract/constants';
import { useTranslation } from 'react-i18next';
import { growingSlots } from '../../components/growing-textarea';

export type Bilingual = Partial<Record<Locale, string>>;

/** A text in every language of the app side by side (a menu title, a cookie category's name). */
export function BilingualField({
  label,
  value,
  onChange,
  maxLength,
  multiline = false,
  error,
}: {
  label: string;
  value: Bilingual;
  onChange: (next: Bilingual) => void;
  maxLength?: number;
  multiline?: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ width: '100%' }}>
      {locales.map((locale) => {
        const own = { maxLength, lang: htmlLang(locale) };
        return (
          <TextField
            key={locale}
            label={`${label} (${t(`admin-settings.languages.${locale}`)})`}
            value={value[locale] ?? ''}
            onChange={(event) => onChange({ ...value, [locale]: event.target.value })}
            slotProps={multiline ? growingSlots({}, own) : { htmlInput: own }}
            multiline={multiline}
            error={Boolean(error)}
            helperText={error}
            size="small"
            fullWidth
          />
        );
      })}
    </Stack>
  );
}
