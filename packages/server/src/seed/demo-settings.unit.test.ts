import { brandContrastFailures, settingsSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { demoSettings } from './demo-settings';

describe('demo settings', () => {
  // The administration refuses brand colours that fail WCAG AA: the demo must not start with such.
  it('are valid and their brand colours pass WCAG AA on their variant', () => {
    const settings = settingsSchema.strict().parse(demoSettings);
    expect(brandContrastFailures(settings.theme, settings.theme_variant)).toEqual([]);
  });
});
