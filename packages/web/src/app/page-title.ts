import { useEffect } from 'react';
import type { RouteTitle } from './language-layout';
import { useSession } from './session';

/** The text key of the innermost matched route with a fixed title (its `handle`, app/routes.tsx). */
export function routeTitleKey(matches: readonly { handle?: unknown }[]): string | undefined {
  return matches.map((match) => (match.handle as RouteTitle | undefined)?.title).findLast(Boolean);
}

/** A browser tab's title: what the page shows, then the company (`Gruppen - Nordlicht GmbH`). */
export function pageTitle(title: string, company: string): string {
  return title ? `${title} - ${company}` : company;
}

/**
 * Sets the tab's title for a page whose title is its content (a group's or a member's name); routes
 * with a fixed title name it in their `handle` instead (language-layout.tsx). Waits for the content.
 */
export function usePageTitle(title: string | null | undefined): void {
  const { settings } = useSession();
  useEffect(() => {
    if (title) document.title = pageTitle(title, settings.company.name);
  }, [title, settings.company.name]);
}
