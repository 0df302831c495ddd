import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/** Phone widths (below MUI's `sm`, 600 px), where the spec's mobile page sizes and layouts apply. */
export function useIsMobile(): boolean {
  // useTheme falls back to MUI's default theme, whose breakpoints match the app's.
  return useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
}
