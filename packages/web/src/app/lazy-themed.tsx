import { type ComponentType, lazy } from 'react';

/**
 * `React.lazy` for a part built with MUI: it loads the part with the customer's MUI theme (app/mui-theme)
 * and renders it inside that theme.
 */
export function lazyThemed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [{ MuiTheme }, Part] = await Promise.all([import('./mui-theme'), load()]);
    return {
      default: (props: P) => (
        <MuiTheme>
          <Part {...props} />
        </MuiTheme>
      ),
    };
  });
}
