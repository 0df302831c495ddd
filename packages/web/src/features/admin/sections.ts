import type { SettingsMenuItem } from '@plaza/contract';
import { type AdminSectionKey, adminSectionKeys } from '@plaza/contract/admin';
import { useSession } from '../../app/session';

export interface AllowedSection {
  key: AdminSectionKey;
  title: string;
}

const known = new Set<string>(adminSectionKeys);

/** The administration sections the session's `administrationRoutes` lets the member open, in its order. */
export function allowedSections(items: SettingsMenuItem[]): AllowedSection[] {
  return items.flatMap((item) =>
    known.has(item.key) ? [{ key: item.key as AdminSectionKey, title: item.title }] : [],
  );
}

export function useAllowedSections(): AllowedSection[] {
  return allowedSections(useSession().administrationRoutes);
}

/** The section of an administration address `/{lang}/admin/<key>/...`, or null at `/{lang}/admin`. */
export function sectionOf(pathname: string): string | null {
  return pathname.split('/')[3] || null;
}
