import type { Db } from '../db/client';
import { createPublishedPage } from '../modules/pages';

/**
 * Two demo CMS pages built from modules: a public page (it opens before sign-in) and a members' page
 * with a share card, which a visitor sees limited, introducing `contactIds`. Returns their ids.
 */
export async function seedDemoPages(
  db: Db,
  adminId: number,
  contactIds: number[],
): Promise<{ publicPage: number; membersPage: number }> {
  const membersPage = await createPublishedPage(
    db,
    {
      title: 'Betriebsrat und Ansprechpersonen',
      visibility: 'members',
      share_options: {
        title: 'Betriebsrat und Ansprechpersonen',
        description:
          'Wer hilft bei Fragen zu Arbeit, Gesundheit und Weiterbildung? Melde dich an, um die Seite zu lesen.',
      },
      modules: [
        {
          type: 'rich_text',
          data: {
            title: 'Wir sind für dich da',
            html: '<p>Der Betriebsrat trifft sich <strong>jeden ersten Dienstag</strong> im Monat. Anliegen nehmen wir jederzeit entgegen.</p>',
          },
        },
        ...(contactIds.length > 0
          ? [{ type: 'profile_teaser' as const, data: { title: 'Ansprechpersonen', user_ids: contactIds } }]
          : []),
        { type: 'stream_widget', data: { title: 'Neues aus der Community', max: 3 } },
      ],
    },
    adminId,
  );
  const publicPage = await createPublishedPage(
    db,
    {
      title: 'Willkommen bei Plaza',
      teaser: 'Alles, was du für deinen Start brauchst.',
      visibility: 'all',
      modules: [
        {
          type: 'rich_text',
          data: {
            title: 'Schön, dass du da bist',
            html: '<p>Plaza ist unser Treffpunkt für Neuigkeiten, Gruppen und Austausch. Hier findest du die wichtigsten Angebote auf einen Blick.</p><ul><li>Neuigkeiten aus dem Unternehmen</li><li>Gruppen zu Themen und Standorten</li><li>Das Who-is-who aller Kolleginnen und Kollegen</li></ul>',
          },
        },
        { type: 'web_news', data: { title: 'Aktuelle Meldungen' } },
        {
          type: 'coachings',
          data: {
            title: 'Coachings',
            items: [
              { page_name: 'Führung', article_name: 'Feedback, das wirkt', link: '/de_DE/page/1' },
              { page_name: 'Gesundheit', article_name: 'Rückenfit am Schreibtisch', link: '/de_DE/page/1' },
              {
                page_name: 'Kommunikation',
                article_name: 'Gute Meetings in 30 Minuten',
                link: '/de_DE/page/1',
              },
            ],
          },
        },
        {
          type: 'fundraising_widget',
          data: {
            title: 'Spendenlauf 2026',
            text: 'Jeder Kilometer zählt: Wir sammeln für die Tafel vor Ort.',
            goal: 10000,
            raised: 6350,
            link: 'https://example.org/spendenlauf',
          },
        },
        {
          type: 'gym_pass',
          data: {
            title: 'Firmenfitness',
            text: 'Mit dem Firmenfitness-Pass trainierst du in über 100 Studios.',
            link: 'https://example.org/firmenfitness',
          },
        },
        { type: 'subpage_navigation', data: { title: 'Mehr für Mitglieder', page_ids: [membersPage] } },
        {
          type: 'data_protection',
          data: {
            title: 'Datenschutz',
            html: '<p>Wir verarbeiten deine Daten nur, soweit es für Plaza nötig ist. Details stehen in der Datenschutzerklärung.</p>',
          },
        },
      ],
    },
    adminId,
  );
  return { publicPage, membersPage };
}
