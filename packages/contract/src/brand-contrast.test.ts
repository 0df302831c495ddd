import { describe, expect, it } from 'vitest';
import { brandContrastFailures, contrastRatio } from './brand-contrast';
import { settingsSchema } from './settings';

describe('brand contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('passes the default colours on the light variant', () => {
    const { theme } = settingsSchema.parse({});
    expect(brandContrastFailures(theme, 'light')).toEqual([]);
  });

  it.each([
    // Too light for links on white, and white button text on it is under 3:1 (black is chosen and passes).
    ['#8ab4f8', '#b3400a', 'light', [{ field: 'theme.primary_color', use: 'text' }]],
    // A dark blue is unreadable as link text on the dark paper.
    ['#1f5fa8', '#b3400a', 'dark', [{ field: 'theme.primary_color', use: 'text' }]],
    // A light blue reads on dark paper and carries black button text.
    ['#8ab4f8', '#b3400a', 'dark', []],
    // White on this orange is 3.0:1: MUI keeps white, which fails AA on a badge.
    ['#1f5fa8', '#e8710a', 'light', [{ field: 'theme.secondary_color', use: 'filled' }]],
    // Mid grey: 4.5 on neither side, white text at 3.9:1 fails on the button.
    [
      '#808080',
      '#b3400a',
      'light',
      [
        { field: 'theme.primary_color', use: 'text' },
        { field: 'theme.primary_color', use: 'filled' },
      ],
    ],
  ] as const)('primary %s, secondary %s on %s', (primary, secondary, variant, expected) => {
    const failures = brandContrastFailures({ primary_color: primary, secondary_color: secondary }, variant);
    expect(failures.map(({ field, use }) => ({ field, use }))).toEqual(expected);
  });
});
