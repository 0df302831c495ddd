import { type Locale, type NavigationItem, navigationItemSchema, routeNames } from '@plaza/contract';
import { z } from 'zod';

/** A stored navigation entry: titles per language (or a key of the `menu` texts). */
export const storedNavigationItemSchema: z.ZodType<StoredNavigationItem> = z.lazy(() =>
  z.object({
    type: z.enum(routeNames),
    reference_id: z.number().int().nullable().default(null),
    title: z.union([z.string(), z.record(z.string(), z.string())]),
    icon: z.string().nullable().default(null),
    target: z.enum(['_self', '_blank']).default('_self'),
    url: z.string().nullable().default(null),
    subnav: z.array(storedNavigationItemSchema).default([]),
  }),
);
export interface StoredNavigationItem {
  type: NavigationItem['type'];
  reference_id?: number | null;
  /** A `menu.main.*` text key, or titles per locale. */
  title: string | Record<string, string>;
  icon?: string | null;
  target?: '_self' | '_blank';
  url?: string | null;
  subnav?: StoredNavigationItem[];
}

/** The stored menu as the navigation of one language. */
export function localizeMenu(
  items: StoredNavigationItem[],
  locale: Locale,
  translate: (key: string) => string,
): NavigationItem[] {
  return items.map((item) =>
    navigationItemSchema.parse({
      type: item.type,
      reference_id: item.reference_id ?? null,
      title:
        typeof item.title === 'string'
          ? translate(item.title)
          : (item.title[locale] ?? Object.values(item.title)[0] ?? ''),
      icon: item.icon ?? null,
      target: item.target ?? '_self',
      url: item.url ?? null,
      subnav: localizeMenu(item.subnav ?? [], locale, translate),
    }),
  );
}

/** The main menu of a new deployment. */
export const defaultMenu: StoredNavigationItem[] = [
  { type: 'dashboard', title: 'menu.main.dashboard', icon: 'home' },
  { type: 'activity-feed', title: 'menu.main.activity_feed', icon: 'notifications' },
  { type: 'groups', title: 'menu.main.groups', icon: 'groups' },
  { type: 'who-is-who', title: 'menu.main.who_is_who', icon: 'people' },
  { type: 'occasions', title: 'menu.main.occasions', icon: 'cake' },
  { type: 'jobs', title: 'menu.main.jobs', icon: 'work' },
  { type: 'ratings', title: 'menu.main.ratings', icon: 'star' },
  { type: 'shop', title: 'menu.main.shop', icon: 'shopping_cart' },
];
