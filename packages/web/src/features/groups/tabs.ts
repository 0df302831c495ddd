import { groupTabs } from '@plaza/contract/constants';

/** A tab of the group page. */
export type GroupTab = (typeof groupTabs)[number];

/** The group page's tabs in the order of `group_options.group_tabs_order`, each once; all four if none is set. */
export function orderedGroupTabs(order: readonly string[] | undefined): GroupTab[] {
  const known = new Set<string>(groupTabs);
  const tabs = [...new Set(order ?? [])].filter((tab): tab is GroupTab => known.has(tab));
  return tabs.length ? tabs : [...groupTabs];
}

/** The tab named by the `selectedTab` query when it is one of the tabs, else the fallback. */
export function selectedTab<T extends string>(tabs: readonly T[], query: string | null, fallback: T): T {
  return tabs.find((tab) => tab === query) ?? fallback;
}

/** The topic page's tabs; `info` is the default. */
export const topicTabs = ['files', 'members', 'info'] as const;
export type TopicTab = (typeof topicTabs)[number];
