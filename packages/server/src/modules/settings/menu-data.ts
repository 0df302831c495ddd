import { type Locale, type NavigationItem, navigationItemSchema, type StoredMenuItem } from '@plaza/contract';

/** The stored menu as the navigation of one language, without its hidden entries. */
export function localizeMenu(
  items: StoredMenuItem[],
  locale: Locale,
  translate: (key: string) => string,
): NavigationItem[] {
  return items
    .filter((item) => !item.hidden)
    .map((item) =>
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
export const defaultMenu: StoredMenuItem[] = [
  { type: 'dashboard', title: 'menu.main.dashboard', icon: 'home' },
  { type: 'activity-feed', title: 'menu.main.activity_feed', icon: 'notifications' },
  { type: 'groups', title: 'menu.main.groups', icon: 'groups' },
  { type: 'who-is-who', title: 'menu.main.who_is_who', icon: 'people' },
  { type: 'occasions', title: 'menu.main.occasions', icon: 'cake' },
  { type: 'jobs', title: 'menu.main.jobs', icon: 'work' },
  { type: 'ratings', title: 'menu.main.ratings', icon: 'star' },
  { type: 'shop', title: 'menu.main.shop', icon: 'shopping_cart' },
];
