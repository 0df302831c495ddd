import { alpha, darken, lighten } from '@mui/system/colorManipulator';
import { describe, expect, it } from 'vitest';
import { buildTheme } from './theme';
import { themeTokens } from './theme-tokens';

const variants = [
  { theme_variant: 'light' as const, theme: { primary_color: '#1f5fa8', secondary_color: '#c2410c' } },
  { theme_variant: 'dark' as const, theme: { primary_color: '#ffd54f', secondary_color: '#c2410c' } },
];

describe('theme tokens', () => {
  it.each(variants)('give the light components the colours of the MUI theme ($theme_variant)', (settings) => {
    const tokens = themeTokens(settings as Parameters<typeof themeTokens>[0]);
    const { palette } = buildTheme(settings as Parameters<typeof buildTheme>[0]);
    expect(tokens).toMatchObject({
      '--pz-primary': palette.primary.main,
      '--pz-primary-dark': palette.primary.dark,
      '--pz-primary-contrast': palette.primary.contrastText,
      '--pz-primary-hover': alpha(palette.primary.main, palette.action.hoverOpacity),
      '--pz-text': palette.text.primary,
      '--pz-text-secondary': palette.text.secondary,
      '--pz-text-disabled': palette.text.disabled,
      '--pz-action-active': palette.action.active,
      '--pz-action-hover': palette.action.hover,
      '--pz-action-disabled': palette.action.disabled,
      '--pz-action-disabled-bg': palette.action.disabledBackground,
      '--pz-divider': palette.divider,
      '--pz-bg': palette.background.default,
      '--pz-paper': palette.background.paper,
    });
    // Standard alerts as MUI's Alert derives them.
    const light = palette.mode === 'light';
    for (const status of ['error', 'success', 'info'] as const) {
      expect(tokens[`--pz-${status}`]).toBe(palette[status].main);
      expect(tokens[`--pz-${status}-text`]).toBe((light ? darken : lighten)(palette[status].light, 0.6));
      expect(tokens[`--pz-${status}-bg`]).toBe((light ? lighten : darken)(palette[status].light, 0.9));
    }
  });
});
