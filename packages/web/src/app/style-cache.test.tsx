import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { styleCacheOptions } from './style-cache';

/** The rules the cache wrote into `container` for a part styled with `sx`. */
function writtenRules(sx: Record<string, unknown>): string {
  const container = document.createElement('div');
  const cache = createCache({ ...styleCacheOptions, container });
  render(
    <CacheProvider value={cache}>
      <Box sx={sx}>styled</Box>
    </CacheProvider>,
  );
  return container.textContent ?? '';
}

describe('style cache', () => {
  it('writes rules without the vendor prefixes no supported browser needs', () => {
    const css = writtenRules({
      display: 'flex',
      flexDirection: 'column',
      transition: 'opacity 1s',
      flexShrink: 0,
    });
    expect(css).toContain('display:flex;');
    expect(css).toContain('flex-direction:column;');
    expect(css).not.toMatch(/-webkit-|-ms-|-moz-/);
  });

  it('keeps the -webkit- twin of text selection and hyphens, which Safari still needs', () => {
    const css = writtenRules({ userSelect: 'none', hyphens: 'auto' });
    expect(css).toContain('-webkit-user-select:none;user-select:none;');
    expect(css).toContain('-webkit-hyphens:auto;hyphens:auto;');
  });
});
