import type { Page } from '@plaza/contract';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** A file uploaded for a downloads module, as the editor shows it. */
export interface KnownFile {
  name: string;
  size: number;
}

/**
 * What the editor knows about the ids in a draft: image addresses, file names, page titles and member
 * names. Filled from uploads and searches, and from the saved draft's preview (its cross references).
 */
export interface Lookups {
  images: ReadonlyMap<number, string>;
  files: ReadonlyMap<number, KnownFile>;
  pages: ReadonlyMap<number, string>;
  members: ReadonlyMap<number, string>;
}

type Kind = keyof Lookups;
type Remember = <K extends Kind>(
  kind: K,
  id: number,
  value: Lookups[K] extends ReadonlyMap<number, infer V> ? V : never,
) => void;

const empty: Lookups = { images: new Map(), files: new Map(), pages: new Map(), members: new Map() };
const LookupsContext = createContext<{ lookups: Lookups; remember: Remember }>({
  lookups: empty,
  remember: () => undefined,
});

/** What a preview of the saved draft tells about its ids. */
export function lookupsOfPreview(preview: Page): Lookups {
  const images = new Map<number, string>();
  const files = new Map<number, KnownFile>();
  const pages = new Map<number, string>();
  const members = new Map<number, string>();
  for (const module of preview.modules) {
    if (module.type === 'gallery') {
      for (const image of module.cross_references.images) images.set(image.image_id, image.url);
    } else if (module.type === 'downloads') {
      for (const file of module.cross_references.files) {
        files.set(file.file_id, { name: file.title, size: file.size });
      }
    } else if (module.type === 'subpage_navigation') {
      for (const page of module.cross_references.pages) pages.set(page.id, page.title);
    } else if (module.type === 'profile_teaser') {
      for (const member of module.cross_references.members) members.set(member.id, member.combined_name);
    }
  }
  return { images, files, pages, members };
}

/** Holds the editor's lookups; `initial` (the preview's) never overrides what was learnt since. */
export function LookupsProvider({ initial, children }: { initial: Lookups | null; children: ReactNode }) {
  const [learnt, setLearnt] = useState<Lookups>(empty);
  const remember = useCallback<Remember>((kind, id, value) => {
    setLearnt((current) => {
      const next = new Map(current[kind] as ReadonlyMap<number, unknown>);
      next.set(id, value);
      return { ...current, [kind]: next };
    });
  }, []);
  const lookups = useMemo(() => {
    if (!initial) return learnt;
    const merge = <V,>(a: ReadonlyMap<number, V>, b: ReadonlyMap<number, V>) => new Map([...a, ...b]);
    return {
      images: merge(initial.images, learnt.images),
      files: merge(initial.files, learnt.files),
      pages: merge(initial.pages, learnt.pages),
      members: merge(initial.members, learnt.members),
    };
  }, [initial, learnt]);
  const value = useMemo(() => ({ lookups, remember }), [lookups, remember]);
  return <LookupsContext.Provider value={value}>{children}</LookupsContext.Provider>;
}

/** The editor's lookups and how to add to them. */
export function useLookups() {
  return useContext(LookupsContext);
}
