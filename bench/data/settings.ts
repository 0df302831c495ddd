import { settingsSchema } from '@plaza/contract';
import { defaultMenu, storeSettingsDocument } from '../../packages/server/src/modules/settings';
import type { Area } from './context';
import { legalPages } from './news';

/**
 * The deployment's settings and menu, stored as the server stores them. Posts without a group are
 * allowed (the generated community has them); the legal pages are the first CMS pages.
 */
export const settings: Area = {
  name: 'settings',
  async fill(ctx) {
    const pages = Object.fromEntries(legalPages.map((key, i) => [key, i + 1]));
    const document = settingsSchema.parse({
      meta_title: 'Plaza Bench',
      company: { name: 'Bench GmbH', logo_url: null },
      allow_posts_without_grp_and_topic: true,
      author_function: true,
      pages: { landing: null, ...pages },
      login_options: { login_identifier: 'username' },
    });
    // Through the settings module, so the documents are exactly what the server would store.
    await ctx.table(
      'app_settings',
      () => storeSettingsDocument(ctx.db, 'settings', document),
      () => storeSettingsDocument(ctx.db, 'menu', defaultMenu),
    );
  },
};
