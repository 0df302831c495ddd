/**
 * Chunk tiers: the modules that one stage of a visit needs, in one chunk each, instead of the dozens of
 * small shared chunks (an MUI part of 1 KB here, a hook there) that automatic splitting makes. Every one
 * of those costs the browser a request and a module to link, and a phone on a slow network waits for them
 * six at a time: the dashboard asked for about 120 files before its first post showed.
 *
 * A module goes to the first tier whose roots reach it by static imports. Modules the entry (`main.tsx`)
 * loads, and modules loaded lazily themselves (a page, a dialog), stay where automatic splitting puts
 * them, so lazy loading and the route manifest work as before. A page outside a tier that needs one of
 * its modules loads the whole tier chunk: the tiers are ordered so that the later ones are only used
 * inside the app shell, which every such page loads anyway.
 */
import type { ModuleInfo } from 'rolldown';

export interface ChunkTier {
  name: string;
  /** Module ids' endings (paths below `src/`) whose static imports make up the tier. */
  roots: string[];
}

export const chunkTiers: ChunkTier[] = [
  // What asks for the dashboard's data beside the session (app/first-load): small, and first, so the
  // requests do not wait for the shell's MUI parts to load.
  { name: 'first-data', roots: ['src/app/pages/dashboard-data.ts'] },
  // Small helpers both the sign-in page and the shell use (the API's error texts, the language switch, the
  // visually hidden style): left in the sign-in tier, every page inside the shell loaded that tier (its form
  // library, 110 KB, included) for them.
  {
    name: 'common',
    roots: [
      'src/lib/api-error-text.ts',
      'src/app/language-switch.ts',
      'src/lib/visually-hidden.ts',
      'packages/contract/src/errors.ts',
    ],
  },
  // What the sign-in page loads besides the entry (it is built from light components, without MUI).
  { name: 'sign-in', roots: ['src/features/auth/login-page.tsx'] },
  // The MUI theme (MUI's styling engine, emotion, the theme's making): a chunk of its own, which the app
  // runs in a task before the shell's (app/evaluate-apart), instead of both in one long task.
  { name: 'mui-theme', roots: ['src/app/mui-theme.tsx'] },
  // The app shell every page inside it loads: header, navigation, search, chat button;
  // and the small parts nearly every page inside it uses (a button, an error alert, a card, a stack). Left
  // to a later tier, a page needing only one of them would load that whole tier: the jobs page loaded the
  // stream's (posts, comments, the HTML sanitiser) for a card's content area. Left to automatic splitting,
  // each is a request and a module of a few hundred bytes.
  {
    name: 'shell',
    roots: [
      'src/app/mui-theme.tsx',
      'src/app/shell/app-shell.tsx',
      'src/components/lazy-dialog.tsx',
      'src/components/growing-textarea.tsx',
      'packages/contract/src/paths.ts',
      'packages/contract/src/rich-html.ts',
      'node_modules/@mui/material/Button/index.mjs',
      'node_modules/@mui/material/Alert/index.mjs',
      'node_modules/@mui/material/Card/index.mjs',
      'node_modules/@mui/material/CardContent/index.mjs',
      'node_modules/@mui/material/Chip/index.mjs',
      'node_modules/@mui/material/Stack/index.mjs',
      'node_modules/@mui/material/Grid/index.mjs',
      'node_modules/@mui/utils/visuallyHidden/index.mjs',
      'node_modules/@mui/icons-material/DeleteOutlined.mjs',
      'node_modules/@mui/icons-material/EditOutlined.mjs',
      'node_modules/@mui/icons-material/InsertDriveFileOutlined.mjs',
      'src/lib/decimal.ts',
    ],
  },
  // Rich text as members and editors wrote it, sanitised (DOMPurify): CMS pages, the TV and news show it
  // without a post's card; in the stream's tier, each of them loaded and ran the posts' code too.
  { name: 'rich-html', roots: ['src/components/rich-html.tsx'] },
  // A post as every stream shows it (the dashboard, groups, topics, news): the card, its text, files, likes
  // and comments. In one file instead of about twenty: on a phone's connection the dashboard's first post
  // waited for those requests six at a time (Lighthouse mobile 64-69 -> 82).
  { name: 'stream', roots: ['src/features/posts/post-card.tsx'] },
];

type ModuleLookup = (id: string) => ModuleInfo | null;

/**
 * Every module the given ones reach by static imports, themselves included. With `stopAtLazy`, a module
 * loaded lazily somewhere is not followed further (unless it is a root): it keeps its own chunk, and what it
 * imports stays with it, so its chunk and a tier's never import each other.
 */
function staticClosure(roots: string[], lookup: ModuleLookup, stopAtLazy = false): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = lookup(id);
    if (stopAtLazy && info?.dynamicImporters.length && !roots.includes(id)) continue;
    for (const next of info?.importedIds ?? []) queue.push(next);
  }
  return seen;
}

/**
 * Code-splitting groups, one per tier, the earlier tiers first (a group takes a module's dependencies
 * along, so a later tier must not get to the modules of an earlier one). The graph is walked once per
 * build, on the first call.
 */
export function chunkTierGroups(tiers: ChunkTier[] = chunkTiers) {
  let tierOf: Map<string, string> | undefined;
  const classify = (lookup: ModuleLookup, start: string) => {
    const all = [...allModuleIds(start, lookup)];
    const entry = all.find((module) => lookup(module)?.isEntry);
    const taken = entry ? staticClosure([entry], lookup) : new Set<string>();
    const result = new Map<string, string>();
    for (const tier of tiers) {
      const roots = all.filter((module) => tier.roots.some((root) => module.endsWith(root)));
      // A root that names no module (a file moved, a library's layout changed) would silently split again.
      const missing = tier.roots.filter((root) => !roots.some((module) => module.endsWith(root)));
      if (missing.length) throw new Error(`Chunk tier ${tier.name}: no module is ${missing.join(', ')}`);
      for (const module of staticClosure(roots, lookup, true)) {
        if (taken.has(module)) continue;
        taken.add(module);
        // A lazily loaded module keeps its own chunk (it is a page or a dialog of its own).
        if (lookup(module)?.dynamicImporters.length) continue;
        result.set(module, tier.name);
      }
    }
    return result;
  };
  return tiers.map((tier, index) => ({
    name: (id: string, ctx: { getModuleInfo: ModuleLookup }) => {
      tierOf ??= classify(ctx.getModuleInfo.bind(ctx), id);
      return tierOf.get(id) === tier.name ? tier.name : null;
    },
    // The bundler's timing report names a group by it (the chunk's name comes from `name`).
    debugName: tier.name,
    priority: tiers.length - index,
    includeDependenciesRecursively: false,
  }));
}

/** Every module of the graph `id` belongs to, found through imports and importers both ways. */
function allModuleIds(start: string, lookup: ModuleLookup): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = lookup(id);
    if (!info) continue;
    queue.push(
      ...info.importedIds,
      ...info.dynamicallyImportedIds,
      ...info.importers,
      ...info.dynamicImporters,
    );
  }
  return seen;
}
