import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Locale } from '@plaza/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../session';
import { useLang } from '../use-lang';

/** Switches the language by swapping the `/{lang}` prefix of the current route. */
export function LanguageChanger() {
  const { t } = useTranslation();
  const lang = useLang();
  const { settings } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  if (!settings.show_language_changer || settings.languages.length < 2) return null;
  const change = (next: Locale) => {
    const rest = location.pathname.replace(/^\/[^/]+/, '');
    navigate(`/${next}${rest}${location.search}`);
  };
  return (
    <TextField
      select
      size="small"
      label={t('app.language')}
      value={lang}
      onChange={(event) => change(event.target.value as Locale)}
      sx={{ minWidth: 140 }}
    >
      {settings.languages.map((locale) => (
        <MenuItem key={locale} value={locale} lang={locale.replace('_', '-')}>
          {t(`app.languages.${locale}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
