import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useContext, useMemo } from 'react';
import { AssumedWidth, matchesWidth } from './assumed-width';

/** A media query's answer, kept current; on a page the server rendered, first for its assumed width. */
export function useMedia(query: string | ((theme: Theme) => string)): boolean {
  const width = useContext(AssumedWidth);
  const ssrMatchMedia = useMemo(() => (media: string) => ({ matches: matchesWidth(media, width) }), [width]);
  return useMediaQuery(query, { ssrMatchMedia });
}
