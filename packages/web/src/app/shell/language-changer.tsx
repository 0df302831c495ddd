import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Locale } from '@plaza/contract';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../lib/use-is-mobile';
import { shortCode, showsLanguageChanger, useLanguageSwitch } from '../language-switch';
import { useSession } from '../session';
import { useLang } from '../use-lang';

/** The language select of the app bar (MUI); the sign-in pages have a light one (app/light/language-select). */
export function LanguageChanger() {
  const { t } = useTranslation();
  const lang = useLang();
  const { settings } = useSession();
  const change = useLanguageSwitch();
  const phone = useIsMobile();
  if (!showsLanguageChanger(settings)) return null;
  return (
    <TextField
      select
      size="small"
      // Phones show the short code without a floating label, so the company name keeps its line.
      label={phone ? undefined : t('app.language')}
      value={lang}
      onChange={(event) => change(event.target.value as Locale)}
      sx={{ minWidth: phone ? 0 : 140, flexShrink: 0 }}
      slotProps={{
        select: {
          renderValue: (value) =>
            phone ? shortCode(value as Locale) : t(`app.languages.${value as Locale}`),
          SelectDisplayProps: phone ? { 'aria-label': t('app.language') } : undefined,
        },
      }}
    >
      {settings.languages.map((locale) => (
        <MenuItem key={locale} value={locale} lang={locale.replace('_', '-')}>
          {t(`app.languages.${locale}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
