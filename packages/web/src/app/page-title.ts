import { useEffect } from 'react';
import { useMatches, useNavigation } from 'react-router';
import type { RouteTitle } from './language-layout';
import { useSession } from './session';

/** The text key of the innermost matched route with a fixed title (its `handle`, app/routes.tsx). */
export function routeTitleKey(matches: readonly { handle?: unknown }[]): string | undefined {
  return matches.map((match) => (match.handle as RouteTitle | undefined)?.title).findLast(Boolean);
}

/** The title key of the route at a path (`undefined` for pages titled by their content). */
export type TitleAt = (pathname: string) => string | undefined;

/**
 * The title key of the route being shown: while a navigation loads the next page's code it is already
 * the next route's (after sign-in the tab said "Anmelden" until the dashboard had loaded), else the
 * matched route's. `titleAt` looks up a path in the route table (app/routes.tsx passes it).
 */
export function useRouteTitleKey(titleAt?: TitleAt): string | undefined {
  const matches = useMatches();
  const pending = useNavigation().location;
  return pending && titleAt ? titleAt(pending.pathname) : routeTitleKey(matches);
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
