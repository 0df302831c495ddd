import { createContext } from 'react';

/**
 * The window width the server assumed for a page it rendered (server-render.tsx: a phone's or a desktop's,
 * from the browser's user agent). Media queries answer for that width on the server and while the browser
 * hydrates the page, so both draw the same first screen; then they answer for the real window.
 */
export const AssumedWidth = createContext(1280);

/**
 * Whether a width query (`(min-width: Apx) and (max-width: Bpx)`) holds at the assumed `width`; other media
 * features do not. Without MUI: the entry asks it before the app runs (main.tsx).
 */
export function matchesWidth(query: string, width: number): boolean {
  const parts = query.split(/\s+and\s+/);
  return parts.every((part) => {
    const match = /^\(\s*(min|max)-width\s*:\s*([\d.]+)px\s*\)$/.exec(part.trim());
    if (!match) return false;
    const bound = Number(match[2]);
    return match[1] === 'min' ? width >= bound : width <= bound;
  });
}
