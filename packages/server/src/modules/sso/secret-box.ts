import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';

const keyFileName = 'sso-secret.key';

/**
 * The 32-byte key of the client secrets: SHA-256 of `SSO_SECRET_KEY`, else of a random key made once
 * and kept in the data folder (one instance, or a shared folder).
 */
function secretKey(config: Pick<Config, 'ssoSecretKey' | 'dataDir'>): Buffer {
  let material = config.ssoSecretKey;
  if (!material) {
    const file = path.join(config.dataDir, keyFileName);
    try {
      material = readFileSync(file, 'utf8').trim();
    } catch {
      material = randomBytes(32).toString('base64url');
      mkdirSync(config.dataDir, { recursive: true });
      // `wx`: a concurrent first start keeps the key written first.
      try {
        writeFileSync(file, material, { mode: 0o600, flag: 'wx' });
      } catch {
        material = readFileSync(file, 'utf8').trim();
      }
    }
  }
  return createHash('sha256').update(material).digest();
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealSecret(config: Pick<Config, 'ssoSecretKey' | 'dataDir'>, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(config), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plain secret, or null when it was sealed under another key (or is damaged). */
export function openSecret(config: Pick<Config, 'ssoSecretKey' | 'dataDir'>, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', secretKey(config), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
