import { createHash, randomBytes } from 'node:crypto';

/** The stored form of a mailed single-use token: its SHA-256, so a read of the table opens no link. */
export const linkTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new single-use link token (32 random bytes, URL-safe) and the hash to store. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: linkTokenHash(token) };
}
