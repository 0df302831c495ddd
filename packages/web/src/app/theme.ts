import { createTheme, type Theme } from '@mui/material/styles';
import type { Settings } from '@plaza/contract';
import { backgrounds } from './theme-tokens';

/** The MUI theme of one customer, built at runtime from the settings object. */
export function buildTheme(settings: Pick<Settings, 'theme' | 'theme_variant'>): Theme {
  const dark = settings.theme_variant === 'dark';
  return createTheme({
    palette: {
      mode: dark ? 'dark' : 'light',
      primary: { main: settings.theme.primary_color },
      secondary: { main: settings.theme.secondary_color },
      background: { ...backgrounds[dark ? 'dark' : 'light'] },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '2rem', fontWeight: 600 },
      h2: { fontSize: '1.5rem', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiLink: { defaultProps: { underline: 'hover' } },
      // MUI leaves the textarea of a multiline field without `rows` until it has measured it (a browser's
      // two rows on a page the server drew): as many rows as it will measure when empty, so the page keeps
      // its height when the app takes it over.
      MuiInputBase: {
        styleOverrides: {
          input: ({ ownerState }) =>
            ownerState.multiline
              ? { height: `${Number(ownerState.rows ?? ownerState.minRows ?? 1) * 1.4375}em` }
              : {},
        },
      },
    },
  });
}
