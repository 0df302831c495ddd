import { loadChunk } from './chunk-error';
import type { RouteTitle } from './language-layout';

/** A route's fixed page title, a text key (language-layout.tsx sets the tab's title from it). */
export const titled = (title: string): RouteTitle => ({ title });

/** A route's lazy module, with its path below `src/` (no extension) and the import that loads it. */
export interface LazyPage {
  (): Promise<{ Component: React.ComponentType }>;
  module: string;
  load: () => Promise<unknown>;
}

/**
 * Lazy page module: `lazy: page('app/x', () => import('./x'), 'XPage')`, loaded through `loadChunk`
 * (time-out, errors). The path names the module to the server, which lists its files in a page it draws
 * (web build/first-screens.ts); a test holds it to the import.
 */
export function page<M extends Record<string, unknown>>(
  module: string,
  load: () => Promise<M>,
  name: keyof M,
): LazyPage {
  const lazy = async () => ({
    Component: await loadChunk(() => load().then((loaded) => loaded[name] as React.ComponentType)),
  });
  return Object.assign(lazy, { module, load });
}
