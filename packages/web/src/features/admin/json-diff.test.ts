import { describe, expect, it } from 'vitest';
import { diffLines, jsonLines } from './json-diff';

describe('diffLines', () => {
  it('keeps the common lines and marks what was removed before what was added', () => {
    expect(diffLines(['a', 'b', 'c'], ['a', 'x', 'c', 'd'])).toEqual([
      { kind: ' ', text: 'a' },
      { kind: '-', text: 'b' },
      { kind: '+', text: 'x' },
      { kind: ' ', text: 'c' },
      { kind: '+', text: 'd' },
    ]);
  });

  it('compares values by their indented JSON lines', () => {
    expect(jsonLines({ a: 1 })).toEqual(['{', '  "a": 1', '}']);
    expect(jsonLines(undefined)).toEqual(['null']);
  });
});
