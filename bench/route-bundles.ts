import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstLoadJsGzip, type Manifest } from './bundle-size';

/** Budget of any route's first load: every JavaScript file it needs, gzip. */
const budgetBytes = 350 * 1024;

const muiTheme = 'src/app/mui-theme.tsx';
const shell = 'src/app/shell/app-shell.tsx';
/** Lazy modules of the entry that are not pages: the MUI theme (counted for every page), the shell, the cookie overlay. */
const notPages = new Set([muiTheme, shell, 'src/app/cookie-overlay.tsx']);
/** Pages outside the app shell (routes.tsx): everything else renders inside it. */
const outsideShell = new Set([
  'src/features/auth/login-page.tsx',
  'src/features/auth/forgot-password-page.tsx',
  'src/features/auth/reset-password-page.tsx',
  'src/features/auth/logout-page.tsx',
  'src/features/tv/tv-page.tsx',
]);
/**
 * Lazy modules a page loads only when asked (a click, a failure), not to show itself. Everything else a page
 * imports, statically or lazily, counts: a new lazy widget is part of its page's first load until it is named here.
 */
const onDemand = new Set([
  'src/app/cookie-overlay.tsx',
  'src/components/error-snackbar.tsx',
  'src/components/image-upload/image-upload-dialog.tsx',
  'src/features/groups/group-form-dialog.tsx',
  'src/features/groups/topic-form-dialog.tsx',
  'src/features/groups/group-page/manage-members-dialog.tsx',
  'src/features/profile/edit/profile-edit-dialog.tsx',
  'src/features/posts/create-post/create-post-box.tsx',
  'src/features/posts/edit-post-dialog.tsx',
  // The chat overlay opens on the chat button (or a chat deep link); the button itself is in the shell.
  'src/features/chat/overlay/chat-overlay.tsx',
  // The text editor of the page administration opens on "Edit text" (or a new text module).
  'src/components/rich-text/rich-text-editor.tsx',
  // The emoji picker's data, one language's, when the picker opens.
  '../../node_modules/emojibase-data/de/data.json',
  '../../node_modules/emojibase-data/de/messages.json',
  '../../node_modules/emojibase-data/en/data.json',
  '../../node_modules/emojibase-data/en/messages.json',
]);
/**
 * Pages that show one of several views: a route's first load counts the view named here; the others
 * are measured as routes of their own. `/` is the dashboard for members (the landing page for visitors is
 * also the route `landing`).
 */
const otherViews: Record<string, string[]> = {
  'src/app/pages/root-view.tsx': ['src/app/pages/landing-page.tsx'],
};

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/web');
const distArg = process.argv.indexOf('--dist');
const distDir =
  distArg > 0 && process.argv[distArg + 1]
    ? path.resolve(process.argv[distArg + 1]!)
    : path.join(webDir, 'dist');
const manifestFile = path.join(distDir, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`No build in ${distDir} (missing .vite/manifest.json): run \`npm run build\` first.`);
  process.exit(2);
}
const manifest: Manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
if (!entry) {
  console.error('The Vite manifest has no entry: is the build current?');
  process.exit(2);
}

// Every page the router loads lazily is one of the entry's dynamic imports (routes.tsx is part of the entry).
const pages = (entry.dynamicImports ?? []).filter((source) => !notPages.has(source));
if (pages.length === 0) {
  console.error("The Vite manifest lists no lazy pages of the entry: is the router's lazy loading intact?");
  process.exit(2);
}
const routes = pages
  .map((page) => {
    const lazySources = [muiTheme, ...(outsideShell.has(page) ? [] : [shell]), page];
    const skipped = new Set([...onDemand, ...(otherViews[page] ?? [])]);
    const { bytes, files } = firstLoadJsGzip(distDir, manifest, lazySources, skipped);
    return { page, bytes, files: files.length };
  })
  .sort((a, b) => b.bytes - a.bytes);

/**
 * Chunk tiers (web build/chunk-tiers.ts) of one stage of a visit: the sign-in pages' forms, the posts' stream,
 * rich text. The app shell must not load them: a small helper left in one (the visually hidden style in the
 * sign-in tier) made every page inside the shell load and run the whole tier.
 */
const stageTiers = ['sign-in', 'stream', 'rich-html'];
const shellFiles = firstLoadJsGzip(distDir, manifest, [muiTheme, shell], onDemand).files;
const leaked = stageTiers.filter((tier) =>
  shellFiles.some((file) => new RegExp(`^${tier}-[\\w-]+\\.js$`).test(path.basename(file))),
);

const kb = (n: number) => Number((n / 1024).toFixed(1));
const over = routes.filter((route) => route.bytes > budgetBytes);
console.log(
  JSON.stringify({
    scenario: 'route-bundles',
    budgetKb: kb(budgetBytes),
    routes: routes.map((route) => ({ page: route.page, gzipKb: kb(route.bytes), files: route.files })),
  }),
);
for (const route of routes) {
  console.log(`  ${kb(route.bytes).toFixed(1).padStart(6)} KB gzip  ${route.page.replace(/^src\//, '')}`);
}
const largest = routes[0]!;
console.log(
  `every route first load: at most ${kb(largest.bytes)} KB gzip (${largest.page.replace(/^src\//, '')}; ${routes.length} routes, budget ${kb(budgetBytes)} KB) ${over.length ? `OVER: ${over.length}` : 'OK'}`,
);
console.log(
  `the app shell loads no stage's tier (${stageTiers.join(', ')}): ${leaked.length ? `LOADS ${leaked.join(', ')}` : 'OK'}`,
);
if (over.length || leaked.length) process.exitCode = 1;
