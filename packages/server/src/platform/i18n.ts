import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Locale, locales } from '@plaza/contract';
import { serverRoot } from '../paths';

const localesDir = path.join(serverRoot, '../contract/locales');
const bundles = new Map<Locale, Record<string, unknown>>();

/** The translation bundle of a language: every `<key>.json` of its folder under its top-level key. */
export function loadBundle(locale: Locale): Record<string, unknown> {
  const cached = bundles.get(locale);
  if (cached) return cached;
  if (!(locales as readonly string[]).includes(locale)) throw new Error(`Unknown locale ${locale}`);
  const dir = path.join(localesDir, locale);
  const bundle: Record<string, unknown> = {};
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.json')) continue;
    bundle[file.slice(0, -'.json'.length)] = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  }
  bundles.set(locale, bundle);
  return bundle;
}

const etags = new Map<Locale, string>();

/** The HTTP entity tag of a language's bundle: the files do not change while the server runs. */
export function bundleEtag(locale: Locale): string {
  let etag = etags.get(locale);
  if (!etag) {
    etag = `"${createHash('sha1')
      .update(JSON.stringify(loadBundle(locale)))
      .digest('base64url')}"`;
    etags.set(locale, etag);
  }
  return etag;
}

/** A text of the bundle by dotted key with `{{name}}` placeholders filled; the key itself when missing. */
export function t(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  let value: unknown = loadBundle(locale);
  for (const part of key.split('.')) {
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  }
  if (typeof value !== 'string') return key;
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in vars ? String(vars[name]) : match,
  );
}
