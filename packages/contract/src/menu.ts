import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** Route names of the web app that navigation items may point at. */
export const routeNames = [
  'dashboard',
  'login',
  'registration',
  'page',
  'profile',
  'group',
  'groups',
  'topic',
  'job',
  'jobs',
  'ratings',
  'rating',
  'shop',
  'who-is-who',
  'search-results',
  'occasions',
  'activity-feed',
  'external',
] as const;

export type NavigationItem = {
  type: (typeof routeNames)[number];
  /**
   * The id the route takes: a page, group, profile, job or rating; for `topic` the news topic (category)
   * whose topic view `/{lang}/categories/{id}` the item opens.
   */
  reference_id: number | null;
  title: string;
  icon: string | null;
  target: '_self' | '_blank';
  url: string | null;
  subnav: NavigationItem[];
};

/** An entry of the main navigation. */
export const navigationItemSchema: z.ZodType<NavigationItem> = z.lazy(() =>
  z.object({
    type: z.enum(routeNames),
    reference_id: z.number().int().nullable(),
    title: z.string(),
    icon: z.string().nullable(),
    target: z.enum(['_self', '_blank']),
    url: z.string().nullable(),
    subnav: z.array(navigationItemSchema),
  }),
);

/** An entry of the settings drawer: a link, or a toggle switched through its `link`. */
export const settingsMenuItemSchema = z.object({
  type: z.enum(['link', 'toggle']),
  key: z.string(),
  link: z.string(),
  title: z.string(),
  icon: z.string().nullable(),
  status: z.boolean().nullable(),
});
export type SettingsMenuItem = z.infer<typeof settingsMenuItemSchema>;

/** Member preferences shown as toggles in the settings drawer. */
export const preferenceKeys = ['email_notifications', 'push_notifications', 'show_online_status'] as const;
export const preferenceKeySchema = z.enum(preferenceKeys);

export const menuEndpoints = {
  menu: defineEndpoint({
    method: 'GET',
    path: '/api/v2/menu',
    summary: 'Main navigation of the signed-in member',
    tags: ['settings'],
    access: 'user',
    response: z.array(navigationItemSchema),
  }),
  settingsMenu: defineEndpoint({
    method: 'GET',
    path: '/api/v2/menu/settings',
    summary: 'Links and toggles of the settings drawer',
    tags: ['settings'],
    access: 'user',
    response: z.array(settingsMenuItemSchema),
  }),
  toggleSetting: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/menu/settings/toggles/:key',
    summary: 'Switch one toggle of the settings drawer (the toggle item carries this path as its link)',
    tags: ['settings'],
    access: { allow: ['member'], object: 'settingToggle' },
    params: z.object({ key: preferenceKeySchema }),
    body: z.object({ status: z.boolean() }),
    response: settingsMenuItemSchema,
  }),
};
