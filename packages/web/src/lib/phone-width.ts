/**
 * Phone widths: below MUI's `sm` breakpoint (600 px), as `theme.breakpoints.down('sm')` writes it. The spec's
 * mobile page sizes and layouts apply there. A plain media query, so code on the first load can ask it
 * without MUI.
 */
export const phoneMedia = '(max-width:599.95px)';

/** Whether the window is phone-wide now. */
export function isPhoneWidth(): boolean {
  return window.matchMedia(phoneMedia).matches;
}
