import { phoneMedia } from './phone-width';
import { useMedia } from './use-media';

/** Phone widths (below MUI's `sm`, 600 px), where the spec's mobile page sizes and layouts apply. */
export function useIsMobile(): boolean {
  return useMedia(phoneMedia);
}
