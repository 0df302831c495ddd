// The TV slideshow: the how-to without a key, a superadmin creating a key on the TV displays page,
// the slideshow with that key (post slide with a QR code, image slide, cycling every 30 s on
// Playwright's clock), a revoked key; axe on every state, screenshots at 1920 x 1080 in both languages.
import { expect, type Page, test } from '@playwright/test';
import { createGroup, testPng } from '../fixtures/groups';
import {
  acceptCookies,
  apiAs,
  expectAccessible,
  type Lang,
  members,
  screenshot,
  stateOf,
} from '../fixtures/plaza';

const { admin } = members;
const tvViewport = { width: 1920, height: 1080 };

const texts = {
  de_DE: {
    noKey: 'Dieser Bildschirm braucht einen Anzeigeschlüssel',
    invalid: 'Dieser Anzeigeschlüssel ist ungültig',
    qr: 'QR-Code: scannen, um den Beitrag zu öffnen',
    post: 'Willkommen zur Sommerfeier am Freitag! Es gibt Eis, Musik und eine Tombola im Innenhof.',
    second: 'Die Kantine hat ab Montag länger geöffnet: bis 15 Uhr.',
  },
  en_GB: {
    noKey: 'This screen needs a display key',
    invalid: 'This display key is not valid',
    qr: 'QR code: scan to open the post',
    post: 'Welcome to the summer party on Friday! Ice cream, music and a raffle in the courtyard.',
    second: 'From Monday the canteen stays open longer: until 3 pm.',
  },
} as const;

/** Two posts (the newer one with a picture) in an open group, written through the API. */
async function writePosts(lang: Lang): Promise<void> {
  const group = await createGroup(admin, 'open', lang === 'de_DE' ? 'Neuigkeiten' : 'News');
  const api = await apiAs(admin);
  const first = await api.post('/api/v2/posts', {
    headers: await api.csrf(),
    data: { description: `<p>${texts[lang].second}</p>`, group_id: group.id },
  });
  expect(first.status()).toBe(201);
  const upload = await api.post('/api/v2/posts/file', {
    headers: await api.csrf(),
    multipart: { file: { name: 'party.png', mimeType: 'image/png', buffer: await testPng(1280, 720) } },
  });
  expect(upload.status()).toBe(201);
  const fileId = (await upload.json()).id as number;
  const second = await api.post('/api/v2/posts', {
    headers: await api.csrf(),
    data: { description: `<p><strong>${texts[lang].post}</strong></p>`, group_id: group.id, files: [fileId] },
  });
  expect(second.status()).toBe(201);
  await api.dispose();
}

/**
 * Creates a display key on the TV displays page (the page must have the admin's session) and returns
 * the TV address the dialog shows once.
 */
async function createKeyInUi(page: Page, lang: Lang, name: string): Promise<string> {
  await page.goto(`/${lang}/tv_displays`);
  const label = lang === 'de_DE' ? 'Name der Anzeige' : 'Name of the display';
  await page.getByRole('textbox', { name: label }).fill(name);
  await page.getByRole('button', { name: lang === 'de_DE' ? 'Schlüssel anlegen' : 'Create key' }).click();
  const dialog = page.getByRole('dialog', {
    name: lang === 'de_DE' ? 'Anzeigeschlüssel angelegt' : 'Display key created',
  });
  await expect(dialog).toBeVisible();
  const address = await dialog.getByRole('textbox').inputValue();
  expect(address).toMatch(new RegExp(`/${lang}/bubbletool_tv\\?key=[A-Za-z0-9_-]{43}$`));
  await expectAccessible(page);
  await screenshot(page, `tv-displays-created-${lang}`);
  await dialog.getByRole('button', { name: lang === 'de_DE' ? 'Fertig' : 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expectAccessible(page);
  return address;
}

/** Waits until the active slide has faded in fully. */
async function activeSlide(page: Page) {
  const slide = page.locator('[data-active="true"]');
  await expect(slide).toHaveCSS('opacity', '1');
  return slide;
}

test.beforeEach(async ({ context, page }) => {
  await acceptCookies(context);
  await page.setViewportSize(tvViewport);
});

for (const lang of ['de_DE', 'en_GB'] as Lang[]) {
  test(`the TV page explains how to get a key when it has none (${lang})`, async ({ page }) => {
    await page.goto(`/${lang}/bubbletool_tv`);
    await expect(page.getByRole('heading', { name: texts[lang].noKey })).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expectAccessible(page);
    await screenshot(page, `tv-no-key-${lang}`);
  });

  test.describe(`the admin (${lang})`, () => {
    test.use({ storageState: stateOf(admin) });

    test(`a superadmin creates a key and the TV shows and cycles the latest posts (${lang})`, async ({
      page,
      browser,
    }) => {
      await writePosts(lang);
      const address = await createKeyInUi(page, lang, lang === 'de_DE' ? 'Empfang' : 'Reception');

      // The TV is another device: a context of its own, without the admin's session.
      const display = await browser.newContext({ viewport: tvViewport });
      const tv = await display.newPage();
      await tv.clock.install();
      await tv.goto(address);
      const first = await activeSlide(tv);
      await expect(first).toHaveAttribute('data-slide-id', /^post-\d+$/);
      await expect(first.getByText(texts[lang].post)).toBeVisible();
      await expect(first.getByText('Erika Admin')).toBeVisible();
      const qr = first.getByRole('img', { name: texts[lang].qr });
      await expect(qr).toBeVisible();
      const postId = (await first.getAttribute('data-slide-id'))!.replace('post-', '');
      expect(await qr.getAttribute('data-qr')).toMatch(new RegExp(`/${lang}/news/post-${postId}$`));
      await expect(tv.getByRole('navigation')).toHaveCount(0);
      await expectAccessible(tv);
      await screenshot(tv, `tv-post-slide-${lang}`);
      await tv.setViewportSize({ width: 1366, height: 768 });
      await screenshot(tv, `tv-post-slide-${lang}`);
      // A portrait screen and a phone: the author stays on screen and the text keeps a readable width
      // (it once broke letter by letter beside a QR code as wide as the screen, or vanished).
      for (const size of [
        { width: 1080, height: 1920 },
        { width: 390, height: 844 },
      ]) {
        await tv.setViewportSize(size);
        const author = first.getByText('Erika Admin');
        await expect(author).toBeInViewport({ ratio: 1 });
        const text = first.getByText(texts[lang].post);
        await expect(text).toBeInViewport();
        expect((await text.boundingBox())!.width).toBeGreaterThan(size.width * 0.6);
        await screenshot(tv, `tv-post-slide-${size.width}x${size.height}-${lang}`);
      }
      await tv.setViewportSize(tvViewport);

      // 30 s later the picture of the same post fades in, then the older post.
      await tv.clock.runFor(30_000);
      const second = await activeSlide(tv);
      await expect(second).toHaveAttribute('data-slide-id', /^image-\d+$/);
      const picture = second.getByRole('img', { name: /Erika Admin/ });
      await expect(picture).toBeVisible();
      expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expectAccessible(tv);
      await screenshot(tv, `tv-image-slide-${lang}`);

      await tv.clock.runFor(30_000);
      await expect((await activeSlide(tv)).getByText(texts[lang].second)).toBeVisible();

      // Revoked in the admin page: the display refuses the key from its next poll on.
      await page
        .getByRole('button', { name: new RegExp(lang === 'de_DE' ? 'Empfang' : 'Reception') })
        .click();
      const confirm = page.getByRole('dialog');
      await confirm.getByRole('button', { name: lang === 'de_DE' ? 'Widerrufen' : 'Revoke' }).click();
      await expect(page.getByRole('status')).toBeVisible();
      await tv.reload();
      await expect(tv.getByRole('heading', { name: texts[lang].invalid })).toBeVisible();
      await expectAccessible(tv);
      await display.close();
    });
  });
}

test.describe('a member who is no superadmin', () => {
  test.use({ storageState: stateOf(members.anna) });

  test('the TV displays page is for superadmins only', async ({ page }) => {
    await page.goto('/en_GB/tv_displays');
    await expect(page).toHaveURL(/\/en_GB\/403$/);
  });
});
