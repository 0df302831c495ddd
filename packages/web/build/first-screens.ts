import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The modules each first screen loads lazily at once, by their path in the package. The server names the
 * files of a screen in the page it sends for it (`<link rel="modulepreload">`, server platform/web-app.ts):
 * the browser fetches them beside the entry instead of a round of requests later, and the app's preload
 * helper finds them there instead of adding a link per file while the app starts.
 */
export const firstScreens = {
  // A member's dashboard (`/{lang}`): the shell, the root view and the dashboard with its data.
  dashboard: [
    'src/app/mui-theme.tsx',
    'src/app/shell/app-shell.tsx',
    'src/app/shell/extended-search-bar.tsx',
    'src/app/pages/root-view.tsx',
    'src/app/pages/dashboard-view.tsx',
    'src/app/pages/dashboard-data.ts',
  ],
  // A visitor's sign-in page (`/{lang}/login`) and the forms beside it: the form.
  'sign-in': ['src/features/auth/login-page.tsx'],
  'forgot-password': ['src/features/auth/forgot-password-page.tsx'],
  'reset-password': ['src/features/auth/reset-password-page.tsx'],
} as const;

/** Where the build writes the screens' files (a dot folder: not served; the server reads it). */
export const firstScreensFile = '.vite/first-screens.json';

/** What the screens read of a built chunk (rolldown's OutputChunk). */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

/**
 * The files (as addresses, `/assets/x.js`) of each screen: the chunks of its modules and every chunk they
 * import, each after the ones it imports, without what the entry loads anyway (the page names those already). A module that has no chunk
 * of its own (merged into another) is an error: the list would silently miss it. Beside the named
 * screens, every module loaded lazily (a route's page, app/routes.tsx) under its path below `src/`
 * without extension: the server names the files of the routes it drew (`RenderedFirstScreen.modules`).
 */
export function screenFiles(
  chunks: BuiltChunk[],
  root: string,
  screens: Record<string, readonly string[]> = firstScreens,
): Record<string, string[]> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  // Each chunk after the chunks it imports: the browser runs them in this order (app/evaluate-apart).
  const closure = (start: BuiltChunk[], skip: Set<string>) => {
    const seen = new Set<string>();
    const ordered: string[] = [];
    const visit = (chunk: BuiltChunk | undefined) => {
      if (!chunk || seen.has(chunk.fileName) || skip.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const file of chunk.imports) visit(byFile.get(file));
      ordered.push(chunk.fileName);
    };
    for (const chunk of start) visit(chunk);
    return ordered;
  };
  const withEntry = new Set(
    closure(
      chunks.filter((chunk) => chunk.isEntry),
      new Set(),
    ),
  );
  const byModule = new Map(
    chunks.flatMap((chunk) =>
      chunk.facadeModuleId ? [[path.relative(root, chunk.facadeModuleId), chunk] as const] : [],
    ),
  );
  const files = (start: BuiltChunk[]) => closure(start, withEntry).map((file) => `/${file}`);
  const src = path.join(root, 'src');
  const lazyModules = chunks.flatMap((chunk) =>
    chunk.isDynamicEntry && chunk.facadeModuleId?.startsWith(`${src}${path.sep}`)
      ? [[path.relative(src, chunk.facadeModuleId).replace(/\.[jt]sx?$/, ''), files([chunk])] as const]
      : [],
  );
  const named = Object.entries(screens).map(([screen, modules]) => {
    const start = modules.map((module) => {
      const chunk = byModule.get(module);
      if (!chunk) throw new Error(`first screen ${screen}: ${module} has no chunk of its own`);
      return chunk;
    });
    return [screen, files(start)] as const;
  });
  return Object.fromEntries([...lazyModules, ...named]);
}

/** Writes `firstScreensFile` with each screen's files. */
export function firstScreensPlugin(): Plugin {
  let root = '';
  return {
    name: 'plaza-first-screens',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      this.emitFile({
        type: 'asset',
        fileName: firstScreensFile,
        source: JSON.stringify(screenFiles(chunks, root)),
      });
    },
  };
}
