import { alpha, darken, getContrastRatio, lighten } from '@mui/system/colorManipulator';
import type { Settings } from '@plaza/contract';
import { themeBackgrounds } from '@plaza/contract/brand-contrast';

type Mode = 'light' | 'dark';

/** MUI's default status colours per mode (main, light): what `createTheme` fills in when a theme names none. */
const statusColors: Record<Mode, Record<'error' | 'success' | 'info', [main: string, light: string]>> = {
  light: { error: ['#d32f2f', '#ef5350'], success: ['#2e7d32', '#4caf50'], info: ['#0288d1', '#03a9f4'] },
  dark: { error: ['#f44336', '#e57373'], success: ['#66bb6a', '#81c784'], info: ['#29b6f6', '#4fc3f7'] },
};

/** The background colours `buildTheme` sets per variant (the contract's, which the brand contrast check uses). */
export const backgrounds: Record<Mode, { default: string; paper: string }> = themeBackgrounds;

const base = (mode: Mode) => (mode === 'light' ? '0, 0, 0' : '255, 255, 255');

/** The text colour MUI puts on a filled background (contrast threshold 3). */
function contrastText(background: string): string {
  return getContrastRatio(background, '#fff') >= 3 ? '#fff' : 'rgba(0, 0, 0, 0.87)';
}

/**
 * The customer's theme as CSS custom properties, the same colours `buildTheme` gives MUI (a test holds them
 * equal). The sign-in pages, the loading bar and the route error are styled with them and need no MUI.
 */
export function themeTokens(settings: Pick<Settings, 'theme' | 'theme_variant'>): Record<string, string> {
  const mode: Mode = settings.theme_variant === 'dark' ? 'dark' : 'light';
  const primary = settings.theme.primary_color;
  const rgb = base(mode);
  const tokens: Record<string, string> = {
    '--pz-primary': primary,
    '--pz-primary-dark': darken(primary, 0.3),
    '--pz-primary-contrast': contrastText(primary),
    '--pz-primary-hover': alpha(primary, mode === 'light' ? 0.04 : 0.08),
    '--pz-primary-half': alpha(primary, 0.5),
    '--pz-text': mode === 'light' ? `rgba(${rgb}, 0.87)` : '#fff',
    '--pz-text-secondary': `rgba(${rgb}, ${mode === 'light' ? 0.6 : 0.7})`,
    '--pz-text-disabled': `rgba(${rgb}, ${mode === 'light' ? 0.38 : 0.5})`,
    '--pz-action-active': mode === 'light' ? `rgba(${rgb}, 0.54)` : '#fff',
    '--pz-action-hover': `rgba(${rgb}, ${mode === 'light' ? 0.04 : 0.08})`,
    '--pz-action-disabled': `rgba(${rgb}, ${mode === 'light' ? 0.26 : 0.3})`,
    '--pz-action-disabled-bg': `rgba(${rgb}, 0.12)`,
    '--pz-divider': `rgba(${rgb}, 0.12)`,
    '--pz-input-border': `rgba(${rgb}, 0.23)`,
    '--pz-bg': backgrounds[mode].default,
    '--pz-paper': backgrounds[mode].paper,
    '--pz-progress-track': mode === 'light' ? lighten(primary, 0.62) : darken(primary, 0.5),
  };
  // Standard alerts: text and background from the status colour's light shade, the icon in its main shade.
  const text = mode === 'light' ? darken : lighten;
  const background = mode === 'light' ? lighten : darken;
  for (const [status, [main, light]] of Object.entries(statusColors[mode])) {
    tokens[`--pz-${status}`] = main;
    tokens[`--pz-${status}-text`] = text(light, 0.6);
    tokens[`--pz-${status}-bg`] = background(light, 0.9);
  }
  return tokens;
}

/** Puts the tokens on the document, where every page's CSS reads them. */
export function applyThemeTokens(tokens: Record<string, string>): void {
  const style = document.documentElement.style;
  // A page the server drew has them already: setting them again would restyle the whole page.
  for (const [name, value] of Object.entries(tokens))
    if (style.getPropertyValue(name) !== value) style.setProperty(name, value);
}
