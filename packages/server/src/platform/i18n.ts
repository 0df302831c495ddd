import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  adminTextAreas,
  type Locale,
  locales,
  memberTextAreas,
  type TextArea,
  textAreas,
} from '@plaza/contract';
import { serverRoot } from '../paths';
import { jsonInHtml } from './json-in-html';

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

/** A language's bundle as the API sends it: its JSON text and that text's HTTP entity tag. */
export interface BundleText {
  json: string;
  /**
   * The JSON text as UTF-8, made once. Pages and the texts call send these bytes: the German texts hold
   * quotation marks beyond Latin-1, which make the string two bytes a character, and building a page of
   * it (about 140 KB in memory) on every request halved the dashboard page's throughput.
   */
  bytes: Buffer;
  etag: string;
}
/** The areas in the bundle's order, as text: the same areas in any order give the same text. */
const areasKey = (areas: readonly TextArea[]) => textAreas.filter((area) => areas.includes(area)).join(',');
/** The areas whose texts are kept once made: the members' and the administration's (any others are made per call). */
const keptAreas = new Set([memberTextAreas, adminTextAreas].map(areasKey));
/** The texts made, by language and areas (`de_DE` for the whole bundle, `de_DE:admin,admin-settings,...`). */
const texts = new Map<string, BundleText>();

/**
 * The bundle's JSON text and entity tag, of all its areas or of the given ones, made once per language and
 * areas (the whole bundle, the members' and the administration's areas): the files do not change while the
 * server runs, and every app page carries the members' texts of its language (app-page.ts), so the text is
 * made safe for the page once too (`jsonInHtml`: the same JSON).
 */
export function bundleText(locale: Locale, areas?: readonly TextArea[]): BundleText {
  const chosen = areas && areasKey(areas);
  const key = chosen === undefined ? locale : `${locale}:${chosen}`;
  const kept = texts.get(key);
  if (kept) return kept;
  const bundle = loadBundle(locale);
  const json = jsonInHtml(
    JSON.stringify(
      chosen === undefined
        ? bundle
        : Object.fromEntries(chosen.split(',').map((area) => [area, bundle[area]])),
    ),
  );
  const text = {
    json,
    bytes: Buffer.from(json),
    etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
  };
  if (chosen === undefined || keptAreas.has(chosen)) texts.set(key, text);
  return text;
}

/** The built-in text of a dotted key (`auth.login.title`), or undefined when the bundle has none. */
export function bundleTextOf(locale: Locale, key: string): string | undefined {
  let value: unknown = loadBundle(locale);
  for (const part of key.split('.')) {
    value =
      value && typeof value === 'object' && Object.hasOwn(value, part)
        ? (value as Record<string, unknown>)[part]
        : undefined;
  }
  return typeof value === 'string' ? value : undefined;
}

/** A text of the bundle by dotted key with `{{name}}` placeholders filled; the key itself when missing. */
export function t(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const value = bundleTextOf(locale, key);
  if (value === undefined) return key;
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in vars ? String(vars[name]) : match,
  );
}
