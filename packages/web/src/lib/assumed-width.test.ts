import { describe, expect, it } from 'vitest';
import { matchesWidth } from './assumed-width';
import { phoneMedia } from './phone-width';

describe('matchesWidth (the width a server-rendered page assumed)', () => {
  it('answers min-width and max-width queries, alone and joined, for the width', () => {
    expect(matchesWidth(phoneMedia, 400)).toBe(true);
    expect(matchesWidth(phoneMedia, 1366)).toBe(false);
    expect(matchesWidth('(min-width:900px)', 900)).toBe(true);
    expect(matchesWidth('(min-width: 1264px)', 800)).toBe(false);
    expect(matchesWidth('(min-width:600px) and (max-width:899.95px)', 800)).toBe(true);
    expect(matchesWidth('(min-width:600px) and (max-width:899.95px)', 1366)).toBe(false);
  });

  it('says no to media features it cannot know (a preference of the reader)', () => {
    expect(matchesWidth('(prefers-reduced-motion: reduce)', 400)).toBe(false);
    expect(matchesWidth('print', 1366)).toBe(false);
  });
});
