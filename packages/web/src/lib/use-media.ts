import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createContext, useContext, useMemo } from 'react';

/**
 * The window width the server assumed for a page it rendered (server-render.tsx: a phone's or a desktop's,
 * from the browser's user agent). Media queries answer for that width on the server and while the browser
 * hydrates the page, so both draw the same first screen; then they answer for the real window.
 */
export const AssumedWidth = createContext(1280);

/** Whether `(min-width: Apx) and (max-width: Bpx)` holds at `width`; other media features do not. */
export function matchesWidth(query: string, width: number): boolean {
  const parts = query.split(/\s+and\s+/);
  return parts.every((part) => {
    const match = /^\(\s*(min|max)-width\s*:\s*([\d.]+)px\s*\)$/.exec(part.trim());
    if (!match) return false;
    const bound = Number(match[2]);
    return match[1] === 'min' ? width >= bound : width <= bound;
  });
}

/** A media query's answer, kept current; on a page the server rendered, first for its assumed width. */
export function useMedia(query: string | ((theme: Theme) => string)): boolean {
  const width = useContext(AssumedWidth);
  const ssrMatchMedia = useMemo(() => (media: string) => ({ matches: matchesWidth(media, width) }), [width]);
  return useMediaQuery(query, { ssrMatchMedia });
}
