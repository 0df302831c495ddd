// A deep import of @mui/material that its package exports leave out; vite.config.ts resolves it to the file.
declare module '@mui/material/styles/ThemeProviderNoVars' {
  import type { Theme } from '@mui/material/styles';
  import type { ReactElement, ReactNode } from 'react';

  export default function ThemeProviderNoVars(props: {
    theme: Theme | ((outer: Theme) => Theme);
    children?: ReactNode;
  }): ReactElement;
}
