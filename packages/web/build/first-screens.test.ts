import { describe, expect, it } from 'vitest';
import { type BuiltChunk, screenFiles } from './first-screens';

const chunk = (fileName: string, imports: string[], module?: string, isEntry = false): BuiltChunk => ({
  fileName,
  imports,
  isEntry,
  // Every module with a chunk of its own but the entry is loaded lazily here.
  isDynamicEntry: Boolean(module) && !isEntry,
  facadeModuleId: module ? `/repo/web/${module}` : null,
});

/** A build: the entry with its shared runtime, a shell and a page that share a chunk, a page of no screen. */
const chunks = [
  chunk('assets/index-1.js', ['assets/runtime-1.js'], 'index.html', true),
  chunk('assets/runtime-1.js', []),
  chunk('assets/shell-1.js', ['assets/runtime-1.js', 'assets/mui-1.js'], 'src/shell.tsx'),
  chunk('assets/mui-1.js', ['assets/runtime-1.js']),
  chunk('assets/dashboard-1.js', ['assets/mui-1.js', 'assets/card-1.js'], 'src/dashboard.tsx'),
  chunk('assets/card-1.js', []),
  chunk('assets/groups-1.js', ['assets/mui-1.js'], 'src/groups.tsx'),
];

describe('first screens', () => {
  it("names each screen's chunks after what they import, without what the entry loads anyway", () => {
    expect(
      screenFiles(chunks, '/repo/web', { dashboard: ['src/shell.tsx', 'src/dashboard.tsx'] }),
    ).toMatchObject({
      dashboard: ['/assets/mui-1.js', '/assets/shell-1.js', '/assets/card-1.js', '/assets/dashboard-1.js'],
    });
  });

  it('names the files of every lazily loaded module by its path below src/, for the routes a page draws', () => {
    expect(screenFiles(chunks, '/repo/web', {})).toEqual({
      shell: ['/assets/mui-1.js', '/assets/shell-1.js'],
      dashboard: ['/assets/mui-1.js', '/assets/card-1.js', '/assets/dashboard-1.js'],
      groups: ['/assets/mui-1.js', '/assets/groups-1.js'],
    });
  });

  it('refuses a module without a chunk of its own instead of leaving it out', () => {
    expect(() => screenFiles(chunks, '/repo/web', { dashboard: ['src/card.tsx'] })).toThrow(
      /src\/card.tsx has no chunk of its own/,
    );
  });
});
