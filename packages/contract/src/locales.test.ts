import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminTextAreas, locales, memberTextAreas, textAreas } from './constants';

const root = path.resolve(import.meta.dirname, '../locales');

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

function bundleKeys(locale: string): Set<string> {
  const dir = path.join(root, locale);
  return new Set(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) =>
        keys(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), file.replace(/\.json$/, '')),
      ),
  );
}

describe('translation bundles', () => {
  const [first, ...others] = locales;
  for (const other of others) {
    it(`${first} and ${other} have the same keys`, () => {
      const a = bundleKeys(first);
      const b = bundleKeys(other);
      expect(
        [...a].filter((key) => !b.has(key)),
        `missing in ${other}`,
      ).toEqual([]);
      expect(
        [...b].filter((key) => !a.has(key)),
        `missing in ${first}`,
      ).toEqual([]);
    });
  }

  it("has one file per text area, and the areas split into the administration's and the members'", () => {
    for (const locale of locales) {
      const files = readdirSync(path.join(root, locale)).filter((file) => file.endsWith('.json'));
      expect(files.map((file) => file.replace(/\.json$/, '')).sort(), locale).toEqual([...textAreas].sort());
    }
    expect([...adminTextAreas, ...memberTextAreas].sort()).toEqual([...textAreas].sort());
  });

  it('has no empty texts', () => {
    for (const locale of locales) {
      const dir = path.join(root, locale);
      for (const file of readdirSync(dir)) {
        const text = readFileSync(path.join(dir, file), 'utf8');
        expect(text, `${locale}/${file}`).not.toMatch(/:\s*""/);
      }
    }
  });
});

/** Every text of a locale with its dotted key. */
function texts(locale: string): [string, string][] {
  const dir = path.join(root, locale);
  const walk = (value: unknown, key: string): [string, string][] =>
    typeof value === 'string'
      ? [[key, value]]
      : Object.entries(value as object).flatMap(([child, inner]) => walk(inner, `${key}.${child}`));
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) =>
      walk(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), file.replace(/\.json$/, '')),
    );
}

// The German style guide (locales/README.md): the reader is addressed formally, "Sie", throughout.
describe('German copy', () => {
  const informal =
    /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure)\b|\b(gib|schreib|lade|füge|öffne|kopiere|prüfe|wähle|klicke|ernenne|probier|versuch) /i;

  it('addresses the reader as "Sie", never "du"', () => {
    expect(texts('de_DE').filter(([, text]) => informal.test(text))).toEqual([]);
  });

  it('writes date patterns the German way (TT.MM.JJJJ) and calls the dashboard Startseite', () => {
    expect(texts('de_DE').filter(([, text]) => /TT\/MM|Dashboard/.test(text))).toEqual([]);
  });
});
