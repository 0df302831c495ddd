// The jobs board on the demo jobs: a member filters the list, opens a job, reads the application's mail
// draft and walks to the previous and next job of the filtered list; the "no results" text; the note
// without a receiver; a superadmin writes and publishes a job in the administration, which members then
// see. Walks in German and English, axe at 1280 and 390 px. Anna and the administrator use their saved
// sessions.
import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, apiAs, expectAccessible, type Lang, members, stateOf } from '../fixtures/plaza';

const { anna, admin } = members;

const texts = {
  de_DE: {
    title: 'Ihr nächster Schritt bei uns',
    hideIntro: 'Bewerbungsschritte ausblenden',
    showIntro: 'Bewerbungsschritte anzeigen',
    location: 'Standort',
    list: 'Offene Stellen',
    search: 'Stellen suchen',
    noResults: 'Keine Stelle passt zu Ihrer Suche oder Ihren Filtern.',
    apply: 'Per E-Mail bewerben',
    subject: 'Bewerbung: Maintenance Engineer',
    prev: 'Vorherige Stelle',
    next: 'Nächste Stelle',
    back: 'Alle Stellen',
    available: 'Verfügbar ab',
    noReceiver: /Bewerbungen per E-Mail sind noch nicht eingerichtet/,
  },
  en_GB: {
    title: 'Your next step with us',
    hideIntro: 'Hide how to apply',
    showIntro: 'Show how to apply',
    location: 'Location',
    list: 'Open jobs',
    search: 'Search jobs',
    noResults: 'No jobs match your search or filters.',
    apply: 'Apply by email',
    subject: 'Application: Maintenance Engineer',
    prev: 'Previous job',
    next: 'Next job',
    back: 'All jobs',
    available: 'Available from',
    noReceiver: /Applications by email are not set up yet/,
  },
} as const;

/** The demo jobs at Werk Hamburg, newest first (seed/jobs.ts). */
const hamburg = ['Sales Manager DACH', 'Maintenance Engineer', 'Produktionshelfer für den Minijob'];

const rows = (page: Page, lang: Lang) => page.getByRole('list', { name: texts[lang].list }).getByRole('link');

async function setReceiver(address: string): Promise<void> {
  const api = await apiAs(admin);
  const response = await api.put('/api/v2/settings', {
    headers: await api.csrf(),
    data: { jobs_option: { receiver_email: address } },
  });
  expect(response.status()).toBe(200);
  await api.dispose();
}

test.describe('members', () => {
  test.use({ storageState: stateOf(anna) });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  for (const lang of ['de_DE', 'en_GB'] as Lang[]) {
    const t = texts[lang];

    test(`filters the jobs, opens one, applies by mail and walks to its neighbours (${lang})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      // Drawn by the server with its data (the first screen), then taken over by the app.
      const drawn = await (await page.goto(`/${lang}/jobs`))!.text();
      expect(drawn).toContain(t.title);
      expect(drawn).toContain(hamburg[0]);
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      await expect(rows(page, lang)).toHaveCount(12);
      await expectAccessible(page);

      // The intro folds away and back.
      await page.getByRole('button', { name: t.hideIntro }).click();
      await expect(page.getByRole('button', { name: t.showIntro })).toHaveAttribute('aria-expanded', 'false');
      await page.getByRole('button', { name: t.showIntro }).click();

      // A searchable single-select filter: the list and the address follow it.
      const location = page.getByRole('combobox', { name: t.location });
      await location.click();
      await location.fill('Hamb');
      await page.getByRole('option', { name: 'Werk Hamburg' }).click();
      await expect(page).toHaveURL(/filters%5Blocation%5D=\d+|filters\[location\]=\d+/);
      await expect(rows(page, lang)).toHaveText(hamburg);
      await expectAccessible(page);

      // The job in the middle of the filtered list.
      await rows(page, lang).nth(1).click();
      await expect(page.getByRole('heading', { level: 1, name: hamburg[1] })).toBeVisible();
      await expect(page).toHaveURL(/\/jobs\/\d+\?filters/);
      await expect(page.getByText(/\d{2}\.\d{2}\.\d{4}/)).toBeVisible();
      const apply = page.getByRole('link', { name: t.apply });
      const href = (await apply.getAttribute('href')) ?? '';
      expect(href.startsWith('mailto:jobs@example.com?subject=')).toBe(true);
      const mail = new URL(href);
      expect(mail.searchParams.get('subject')).toBe(t.subject);
      expect(mail.searchParams.get('body')).toContain(`${anna.firstname} ${anna.lastname}`);
      await expectAccessible(page);

      // Neighbours within the filtered list, the filter kept.
      await page.getByRole('link', { name: t.next }).click();
      await expect(page.getByRole('heading', { level: 1, name: hamburg[2] })).toBeVisible();
      await expect(page.getByRole('link', { name: t.next })).toHaveCount(0);
      await page.getByRole('link', { name: t.prev }).click();
      await page.getByRole('link', { name: t.prev }).click();
      await expect(page.getByRole('heading', { level: 1, name: hamburg[0] })).toBeVisible();
      await expect(page.getByRole('link', { name: t.prev })).toHaveCount(0);
      await page.getByRole('link', { name: t.back }).click();
      await expect(rows(page, lang)).toHaveText(hamburg);

      // At phone width.
      await page.setViewportSize({ width: 390, height: 844 });
      await expectAccessible(page);
      await rows(page, lang).first().click();
      await expect(page.getByRole('heading', { level: 1, name: hamburg[0] })).toBeVisible();
      await expectAccessible(page);
    });

    test(`says "no results" only for a search or filter that finds nothing (${lang})`, async ({ page }) => {
      await page.goto(`/${lang}/jobs`);
      await expect(rows(page, lang)).toHaveCount(12);
      await expect(page.getByText(t.noResults)).toHaveCount(0);
      const box = page.getByRole('searchbox', { name: t.search });
      await box.fill('Quokka');
      await box.press('Enter');
      await expect(page.getByText(t.noResults)).toBeVisible();
      await expectAccessible(page);
    });
  }

  test('shows a note instead of the apply button when no receiver is configured', async ({ page }) => {
    await setReceiver('');
    try {
      await page.goto('/en_GB/jobs');
      await rows(page, 'en_GB').first().click();
      await expect(page.getByText(texts.en_GB.noReceiver)).toBeVisible();
      await expect(page.getByRole('link', { name: texts.en_GB.apply })).toHaveCount(0);
      await expectAccessible(page);
    } finally {
      await setReceiver('jobs@example.com');
    }
  });
});

test.describe('administration', () => {
  test.use({ storageState: stateOf(admin) });
  test.beforeEach(async ({ context }) => acceptCookies(context));

  test('a superadmin writes and publishes a job, which members then see', async ({ page, browser }) => {
    const title = `Testingenieurin E2E ${Date.now()}`;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/de_DE');
    // The administration has one entry in the navigation; its own navigation lists the sections.
    await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link').click();
    await page
      .getByRole('navigation', { name: 'Bereiche der Verwaltung' })
      .getByRole('link', { name: 'Stellen' })
      .click();
    await expect(page).toHaveURL(/\/de_DE\/admin\/jobs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Stellenangebote' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Neue Stelle' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Neue Stelle' })).toBeVisible();

    // The form names what is missing.
    await page.getByRole('button', { name: 'Stelle anlegen' }).click();
    await expect(page.getByText('Bitte füllen Sie dieses Feld aus.').first()).toBeVisible();

    await page.getByRole('textbox', { name: 'Titel' }).fill(title);
    const field = page.getByRole('combobox', { name: 'Bereich' });
    await field.click();
    await field.fill('Tech');
    await page.getByRole('option', { name: 'Technik' }).click();
    const place = page.getByRole('combobox', { name: 'Standort' });
    await place.click();
    await page.getByRole('option', { name: 'Zentrale Berlin' }).click();
    await page.getByRole('combobox', { name: 'Anstellungsart' }).click();
    await page.getByRole('option', { name: 'Vollzeit' }).click();
    await page.getByRole('textbox', { name: 'Verfügbar ab (TT.MM.JJJJ)' }).fill('01.03.2031');
    await page.getByRole('button', { name: 'Aufgabe hinzufügen' }).click();
    await page.getByRole('textbox', { name: 'Aufgabe 1' }).fill('Prüfstände betreuen');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Stelle anlegen' }).click();
    await expect(page).toHaveURL(/\/de_DE\/admin\/jobs\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Stelle bearbeiten' })).toBeVisible();
    await expect(page.getByText('Entwurf').first()).toBeVisible();
    await page.getByRole('button', { name: 'Veröffentlichen' }).click();
    await expect(page.getByText('Die Stelle wurde veröffentlicht.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Schließen' })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
    const id = Number(new URL(page.url()).pathname.split('/').at(-1));

    // A member sees it first in the list, with every field.
    const member = await browser.newContext({ storageState: stateOf(anna) });
    await acceptCookies(member);
    const memberPage = await member.newPage();
    await memberPage.goto('/en_GB/jobs');
    await expect(rows(memberPage, 'en_GB').first()).toHaveText(title);
    await rows(memberPage, 'en_GB').first().click();
    await expect(memberPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(memberPage.getByText('01.03.2031')).toBeVisible();
    await expect(memberPage.getByRole('listitem').filter({ hasText: 'Prüfstände betreuen' })).toBeVisible();
    await member.close();

    // Clean up: the server refuses a member, the administrator deletes it.
    const api = await apiAs(admin);
    const memberApi = await apiAs(anna);
    expect(
      (await memberApi.delete(`/api/v2/admin/jobs/${id}`, { headers: await memberApi.csrf() })).status(),
    ).toBe(403);
    expect((await api.delete(`/api/v2/admin/jobs/${id}`, { headers: await api.csrf() })).status()).toBe(200);
    await api.dispose();
    await memberApi.dispose();
  });
});
