import { describe, expect, it } from 'vitest';
import { compileHint, compileHints, hintedMinLength, startChunks } from './compile-hints';

/** A chunk's code of `body` filled to the length the hint is for. */
const code = (body: string) => body.padEnd(hintedMinLength, ' ');

const bundle = () => ({
  'assets/index-a.js': {
    type: 'chunk' as const,
    name: 'index',
    isEntry: true,
    imports: ['assets/react-dom-b.js', 'assets/rolldown-runtime-f.js'],
    code: code('entry()'),
  },
  'assets/react-dom-b.js': { type: 'chunk' as const, name: 'react-dom', imports: [], code: code('dom()') },
  'assets/shell-c.js': {
    type: 'chunk' as const,
    name: 'shell',
    imports: ['assets/react-dom-b.js'],
    code: code('shell()'),
  },
  'assets/page-editor-d.js': {
    type: 'chunk' as const,
    name: 'page-editor',
    imports: ['assets/shell-c.js'],
    code: code('editor()'),
  },
  'assets/rolldown-runtime-f.js': {
    type: 'chunk' as const,
    name: 'rolldown-runtime',
    imports: [],
    code: 'rt()',
  },
  'assets/index-e.css': { type: 'asset' as const, name: 'index' },
});

describe('compileHints', () => {
  it("names the entry, the chunks it imports and the start tiers, not a page's lazy chunk", () => {
    expect([...startChunks(bundle())].sort()).toEqual([
      'assets/index-a.js',
      'assets/react-dom-b.js',
      'assets/rolldown-runtime-f.js',
      'assets/shell-c.js',
    ]);
  });

  it('puts the hint on the first line of those chunks but the small ones, and leaves the others as they are', () => {
    const output = bundle();
    const hook = compileHints().generateBundle as { handler: (options: unknown, bundle: unknown) => void };
    hook.handler({}, output);
    expect(output['assets/index-a.js'].code).toBe(`${compileHint}${code('entry()')}`);
    expect(output['assets/react-dom-b.js'].code.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
    expect(output['assets/shell-c.js'].code).toBe(`${compileHint}${code('shell()')}`);
    expect(output['assets/rolldown-runtime-f.js'].code).toBe('rt()');
    expect(output['assets/page-editor-d.js'].code).toBe(code('editor()'));
  });
});
