import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { lazyDefaultTheme } from './lazy-default-theme';

/** Loads the plugin's module for MUI's default theme and answers its theme and how often it was made. */
function lazyModule() {
  let made = 0;
  const source = lazyDefaultTheme().load as (id: string) => string | null;
  const code = source('/app/node_modules/@mui/material/styles/defaultTheme.mjs');
  if (!code) throw new Error('the plugin left MUI default theme module alone');
  const body = code
    .replace("import createTheme from './createTheme.mjs';", '')
    .replace('export default', 'return');
  const counted = () => {
    made += 1;
    return createTheme();
  };
  const theme = new Function('createTheme', body)(counted) as ReturnType<typeof createTheme>;
  return { theme, made: () => made };
}

describe('lazyDefaultTheme', () => {
  it("replaces only MUI's default theme module", () => {
    const load = lazyDefaultTheme().load as (id: string) => string | null;
    expect(load('/x/node_modules/@mui/material/styles/defaultTheme.mjs')).toContain('new Proxy');
    expect(load('/x/node_modules/@mui/material/styles/createTheme.mjs')).toBeNull();
    expect(load('/x/src/app/theme.ts')).toBeNull();
  });

  it("makes the theme the first time it is read, once, and reads as MUI's own", () => {
    const { theme, made } = lazyModule();
    expect(made()).toBe(0);
    const own = createTheme();
    expect(theme.palette.primary.main).toBe(own.palette.primary.main);
    expect('typography' in theme).toBe(true);
    expect(Object.keys(theme).sort()).toEqual(Object.keys(own).sort());
    expect({ ...theme }.spacing(2)).toBe(own.spacing(2));
    expect(made()).toBe(1);
  });
});
