import useMediaQuery from '@mui/material/useMediaQuery';
import { phoneMedia } from './phone-width';

/** Phone widths (below MUI's `sm`, 600 px), where the spec's mobile page sizes and layouts apply. */
export function useIsMobile(): boolean {
  return useMediaQuery(phoneMedia, { noSsr: true });
}
