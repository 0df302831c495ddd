import { limits, usernameSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { usernameCandidate, usernameTries } from './username';

describe('usernameCandidate', () => {
  it('takes the local part in lower case, without characters a username refuses', () => {
    expect(usernameCandidate('Anna.Schmidt@example.com', 0)).toBe('anna.schmidt');
    expect(usernameCandidate('jürgen+news@example.com', 0)).toBe('jurgennews');
    expect(usernameCandidate('.x_y.@example.com', 0)).toBe('x_y');
  });

  it('fills a short or empty local part up to a valid name', () => {
    expect(usernameCandidate('a@example.com', 0)).toBe('member-a');
    expect(usernameCandidate('!!@example.com', 0)).toBe('member');
  });

  it('adds a random ending on later tries, longer on the last, and stays within the length limit', () => {
    expect(usernameCandidate('anna@example.com', 1, () => 4242)).toBe('anna-4242');
    expect(usernameCandidate('anna@example.com', usernameTries, () => 12345678)).toBe('anna-12345678');
    const long = `${'x'.repeat(80)}@example.com`;
    for (const attempt of [0, 1, usernameTries]) {
      const name = usernameCandidate(long, attempt);
      expect(name.length).toBeLessThanOrEqual(limits.usernameMaxLength);
      expect(usernameSchema.safeParse(name).success).toBe(true);
    }
  });
});
