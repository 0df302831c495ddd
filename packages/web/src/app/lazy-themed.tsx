import { type ComponentType, lazy } from 'react';
import { loadChunk } from './chunk-error';

/**
 * `React.lazy` for a part built with MUI: it loads the part with the customer's MUI theme (app/mui-theme)
 * and renders it inside that theme; both load through `loadChunk` (time-out, errors).
 */
export function lazyThemed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [MuiTheme, Part] = await Promise.all([
      loadChunk(() => import('./mui-theme').then((module) => module.MuiTheme)),
      loadChunk(load),
    ]);
    return {
      default: (props: P) => (
        <MuiTheme>
          <Part {...props} />
        </MuiTheme>
      ),
    };
  });
}
