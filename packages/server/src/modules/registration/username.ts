import { randomInt } from 'node:crypto';
import { limits } from '@plaza/contract';

/** Tries of a username before one with a longer random ending is taken (each try is one indexed read). */
export const usernameTries = 5;

/**
 * The username a registration makes from the address: its local part reduced to the characters a
 * username takes (letters, digits, dot, dash, underscore), lower case, at least three characters; the
 * `attempt`-th try after the first gets a random ending, so the mail names a unique, readable name.
 */
export function usernameCandidate(email: string, attempt: number, random = randomInt): string {
  const local = email.split('@')[0] ?? '';
  let base = local
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '')
    .replace(/^[._-]+|[._-]+$/g, '');
  if (base.length < 3) base = `member${base ? `-${base}` : ''}`;
  const ending =
    attempt === 0
      ? ''
      : attempt < usernameTries
        ? `-${random(1000, 10_000)}`
        : `-${random(10 ** 7, 10 ** 8)}`;
  return `${base.slice(0, limits.usernameMaxLength - ending.length)}${ending}`;
}
