import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Locale } from '@plaza/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { call } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';
import { useIsMobile } from '../../lib/use-is-mobile';
import { sessionQuery, useSession } from '../session';
import { useLang } from '../use-lang';

/** `DE` for de_DE: the language part of a locale, as a phone's app bar shows it. */
const shortCode = (locale: Locale) => locale.slice(0, 2).toUpperCase();

/**
 * Switches the language by swapping the `/{lang}` prefix of the current route. A signed-in member's
 * choice is saved too, so `/` opens in it and their notifications are worded in it; the page does not
 * wait for that, and a failed save leaves the switch as it is.
 */
export function LanguageChanger() {
  const { t } = useTranslation();
  const lang = useLang();
  const { settings, user } = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const phone = useIsMobile();
  if (!settings.show_language_changer || settings.languages.length < 2) return null;
  const change = (next: Locale) => {
    const rest = location.pathname.replace(/^\/[^/]+/, '');
    navigate(`/${next}${rest}${location.search}`);
    if (user) {
      call(routes.users.saveUserData, { params: { id: user.id }, body: { selected_language: next } }).then(
        () => client.invalidateQueries({ queryKey: sessionQuery.queryKey }),
        () => undefined,
      );
    }
  };
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
