import type { Plugin } from 'vite';

/** MUI's module that makes its default theme as it runs (`@mui/material/styles`). */
const defaultThemeModule = /@mui[\\/]material[\\/](esm[\\/])?styles[\\/]defaultTheme\.m?js$/;

/**
 * The same default theme, made the first time something reads it. Every MUI part of the app is drawn
 * inside the customer's theme (app/mui-theme.tsx), so MUI reads its default only outside one; yet making
 * it as its module ran was about 60% of the MUI theme chunk's start on every page (a task of 35-90 ms on
 * this machine, 15-27 ms after).
 */
const lazyDefaultThemeSource = `import createTheme from './createTheme.mjs';
let theme;
const made = () => (theme ??= createTheme());
export default new Proxy({}, {
  get: (_, key) => Reflect.get(made(), key),
  has: (_, key) => Reflect.has(made(), key),
  ownKeys: () => Reflect.ownKeys(made()),
  getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(made(), key),
});
`;

/** Serves `lazyDefaultThemeSource` for MUI's default theme module (the browser's build). */
export function lazyDefaultTheme(): Plugin {
  return {
    name: 'plaza-lazy-default-theme',
    enforce: 'pre',
    load: (id) => (defaultThemeModule.test(id) ? lazyDefaultThemeSource : null),
  };
}
