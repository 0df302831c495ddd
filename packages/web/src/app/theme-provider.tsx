import type { Theme } from '@mui/material/styles';
import ThemeProviderNoVars from '@mui/material/styles/ThemeProviderNoVars';
import { type ReactNode, useMemo } from 'react';

/**
 * MUI's ThemeProvider for a theme without CSS variables (what `buildTheme` makes), without bundling the
 * CSS-variables provider: it does what `@mui/material/styles` ThemeProvider does for such a theme.
 */
export function ThemeProvider({ theme, children }: { theme: Theme; children?: ReactNode }) {
  const noVarsTheme = useMemo(() => ({ ...theme, vars: null }) as unknown as Theme, [theme]);
  return <ThemeProviderNoVars theme={noVarsTheme}>{children}</ThemeProviderNoVars>;
}
