// Every page in German and English shows its own language only: no raw text key (`who_is_who.title`)
// and no text of the other language's bundle (an English sentence on a German page). The bundles are
// the contract's; demo content (names, posts) is not theirs and is not checked.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, type Lang, members, stateOf } from '../fixtures/plaza';

const localesDir = path.resolve(import.meta.dirname, '../../contract/locales');
const areas = readdirSync(path.join(localesDir, 'de_DE'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));

function texts(lang: Lang): string[] {
  const walk = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : Object.values(value as object).flatMap(walk);
  return areas.flatMap((area) =>
    walk(JSON.parse(readFileSync(path.join(localesDir, lang, `${area}.json`), 'utf8'))),
  );
}

/**
 * The other language's texts that would give it away: the parts between placeholders, of at least
 * four words, that the page's own language does not have as well (shorter parts, "Kolleginnen und
 * Kollegen", also occur in the demo's own German articles).
 */
function giveaways(lang: Lang): string[] {
  const other = lang === 'de_DE' ? 'en_GB' : 'de_DE';
  const own = new Set(texts(lang));
  return [
    ...new Set(
      texts(other)
        .filter((text) => !own.has(text))
        .flatMap((text) => text.split(/\{\{\s*\w+\s*\}\}|<\/?\w+>/))
        .map((part) => part.trim())
        .filter((part) => part.split(/\s+/).length >= 4),
    ),
  ];
}

const rawKey = new RegExp(`\\b(${areas.join('|')})\\.[a-z0-9_]+(\\.[a-z0-9_]+)*\\b`);

async function expectOwnLanguage(page: Page, lang: Lang): Promise<void> {
  await page.waitForLoadState('networkidle');
  const shown = await page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')].flatMap(
      (node) => ['aria-label', 'placeholder', 'title', 'alt'].map((name) => node.getAttribute(name) ?? ''),
    );
    return [document.body.innerText, document.title, ...labels].join('\n');
  });
  expect(shown.match(rawKey)?.[0] ?? null, 'a raw text key').toBeNull();
  expect(
    giveaways(lang).filter((text) => shown.includes(text)),
    'texts of the other language',
  ).toEqual([]);
}

test.beforeEach(async ({ context }) => acceptCookies(context));

for (const lang of ['de_DE', 'en_GB'] as const) {
  test.describe(`a visitor (${lang})`, () => {
    for (const path of ['login', 'forgot_password', 'page/legal-privacy']) {
      test(`/${lang}/${path} is all ${lang}`, async ({ page }) => {
        await page.goto(`/${lang}/${path}`);
        await expectOwnLanguage(page, lang);
      });
    }
  });

  test.describe(`a member (${lang})`, () => {
    test.use({ storageState: stateOf(members.anna) });
    for (const path of [
      '',
      'groups',
      'groups/1',
      'who_is_who',
      'who_is_who?type=extendedSearch&q=Fischer',
      'activity_feed',
      'occasions',
      'jobs',
      'jobs/1',
      'follows',
      'change_password',
      'page/legal-imprint',
      '404',
    ]) {
      test(`/${lang}/${path} is all ${lang}`, async ({ page }) => {
        await page.goto(`/${lang}/${path}`);
        await expectOwnLanguage(page, lang);
      });
    }
  });
}
