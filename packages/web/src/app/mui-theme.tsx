import { CacheProvider } from '@emotion/react';
import type { Theme } from '@mui/material/styles';
import type { Settings } from '@plaza/contract';
import type { ReactNode } from 'react';
import { useSession } from './session';
import { pageStyleCache } from './style-cache';
import { buildTheme } from './theme';
import { ThemeProvider } from './theme-provider';

const themes = new WeakMap<Settings, Theme>();
/** In the browser, the style cache that takes over the drawn page's rules; the server brings its own. */
const styleCache = typeof document === 'undefined' ? undefined : pageStyleCache();

/**
 * The customer's MUI theme around MUI parts of the app. It comes with them (the shell, the cookie overlay,
 * the language changer), so the sign-in route's first load has no MUI; one theme per settings object.
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  const { settings } = useSession();
  let theme = themes.get(settings);
  if (!theme) {
    theme = buildTheme(settings);
    themes.set(settings, theme);
  }
  const themed = <ThemeProvider theme={theme}>{children}</ThemeProvider>;
  return styleCache ? <CacheProvider value={styleCache}>{themed}</CacheProvider> : themed;
}
