import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { member } from './request';
import { newsPage } from './streams';

/** The repository (bench/lib/servers.ts says where): the web build and the texts are read from it. */
const root = process.env.PLAZA_ROOT ?? process.cwd();

/** The settings, the session answer and a member's dashboard page (the web build with its first answers). */
export function registerSessionRoutes(app: FastifyInstance, db: pg.Pool): void {
  const settingsRows = (keys: string[]) =>
    db.query<{ key: string; value: unknown }>({
      name: `settings-${keys.join('-')}`,
      text: 'select key, value from app_settings where key = any($1)',
      values: [keys],
    });

  app.get('/api/v2/settings', async () => (await settingsRows(['settings'])).rows[0]?.value ?? {});

  async function sessionAnswer(request: FastifyRequest) {
    const { rows } = await settingsRows(['settings', 'menu']);
    return {
      isAuthenticated: Boolean(request.member),
      user: request.member,
      settings: rows.find((row) => row.key === 'settings')?.value,
      routes: rows.find((row) => row.key === 'menu')?.value,
    };
  }

  app.get('/api/v2/auth/is_authenticated', sessionAnswer);

  // A member's dashboard page as Plaza sends it (server platform/app-page.ts): the web build's index.html
  // with the session, the language's texts and the news stream's first page in a JSON element.
  const indexHtml = readFileSync(path.join(root, 'packages/web/dist/index.html'), 'utf8');
  const texts = (locale: string) =>
    JSON.stringify(
      Object.fromEntries(
        readdirSync(path.join(root, 'packages/contract/locales', locale))
          .filter((file) => file.endsWith('.json'))
          .sort()
          .map((file) => [
            file.slice(0, -'.json'.length),
            JSON.parse(readFileSync(path.join(root, 'packages/contract/locales', locale, file), 'utf8')),
          ]),
      ),
    );
  const textsByLocale = new Map(['de_DE', 'en_GB'].map((locale) => [locale, texts(locale)]));
  app.get('/:lang', async (request, reply) => {
    const { lang } = request.params as { lang: string };
    const viewer = member(request);
    const [session, news] = await Promise.all([sessionAnswer(request), newsPage(db, viewer.id, 1, 10)]);
    const answers = `{"session":${JSON.stringify(session)},"texts":${textsByLocale.get(lang) ?? '{}'},"news":${JSON.stringify(news)}}`;
    const element = `<script id="answers" type="application/json">${answers.replace(/</g, '\\u003c')}</script>`;
    return reply
      .type('text/html; charset=utf-8')
      .send(indexHtml.replace('</head>', () => `${element}</head>`));
  });
}
