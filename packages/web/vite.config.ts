import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { type Plugin, runnerImport } from 'vite';
import { defineConfig } from 'vitest/config';
import { chunkTierGroups, chunkTiers } from './build/chunk-tiers';
import { compileHints } from './build/compile-hints';
import { firstScreensPlugin } from './build/first-screens';
import { lazyDefaultTheme } from './build/lazy-default-theme';
import { precompress } from './build/precompress';

const server = process.env.PLAZA_SERVER_URL ?? 'http://localhost:3000';
const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

const endpointRoutesId = 'virtual:plaza-endpoint-routes';

/** TanStack Query's modules, and those of them only pages inside the shell use (mutations, infinite lists). */
const tanstackQuery = /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/;
const queryExtras =
  /[\\/](useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver|infiniteQueryOptions)\.js$/;

/**
 * `virtual:plaza-endpoint-routes`: the contract's endpoints by resource with only `method` and `path`, made
 * from the contract when the app is built. The client needs nothing else to call them, so code on the first
 * load can call the API without evaluating the contract's zod schemas (and bundling zod).
 */
function endpointRoutes(): Plugin {
  return {
    name: 'plaza-endpoint-routes',
    resolveId: (id) => (id === endpointRoutesId ? `\0${endpointRoutesId}` : null),
    async load(id) {
      if (id !== `\0${endpointRoutesId}`) return null;
      // The contract is TypeScript source: Vite's module runner loads it.
      const { module, dependencies } = await runnerImport<typeof import('@plaza/contract')>(
        '@plaza/contract',
        { configFile: false, logLevel: 'silent' },
      );
      for (const file of dependencies) this.addWatchFile(file);
      const { endpoints } = module;
      const routes = Object.fromEntries(
        Object.entries(endpoints).map(([resource, group]) => [
          resource,
          Object.fromEntries(
            Object.entries(group).map(([name, { method, path }]) => [name, { method, path }]),
          ),
        ]),
      );
      return `export const routes = ${JSON.stringify(routes)};`;
    },
  };
}

/**
 * The server's render of first screens (src/server-render.tsx, `vite build --ssr`): one module with every
 * dependency in it, under the build's dot folder (not served; the server imports it).
 */
const serverRender = {
  plugins: [react(), endpointRoutes()],
  ssr: { noExternal: true as const, target: 'node' as const },
  // React's production build (a server's environment may not say NODE_ENV=production).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    target: 'node20',
    outDir: 'dist/.ssr',
    emptyOutDir: false,
    sourcemap: false,
    rolldownOptions: { input: 'src/server-render.tsx' },
  },
};

export default defineConfig(({ command, isSsrBuild }) => ({
  ...(isSsrBuild ? serverRender : {}),
  plugins: isSsrBuild
    ? serverRender.plugins
    : [lazyDefaultTheme(), react(), endpointRoutes(), firstScreensPlugin(), compileHints(), precompress()],
  resolve: {
    alias: [
      // React Router's package exports only point at its development build; ship the production one.
      ...(command === 'build' && !process.env.VITEST
        ? [
            {
              find: /^react-router$/,
              replacement: path.join(packageDir('react-router'), 'dist/production/index.mjs'),
            },
          ]
        : []),
      // The theme provider without the CSS-variables provider (the app's themes never use CSS variables).
      {
        find: /^@mui\/material\/styles\/ThemeProviderNoVars$/,
        replacement: path.join(packageDir('@mui/material'), 'styles/ThemeProviderNoVars.mjs'),
      },
    ],
  },
  build: isSsrBuild
    ? serverRender.build
    : {
        target: 'es2022',
        // No source maps: the server would have to keep them from the public, and nobody reads them there.
        sourcemap: false,
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // zod in a chunk of its own: a shared chunk otherwise mixes it with whatever else the same pages
                // import (an MUI avatar, say), and every page that needs that part would load zod too.
                // Before the tiers: a tier reaches zod through files whose schemas are tree-shaken away.
                { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: chunkTiers.length + 1 },
                // The libraries the entry imports, in chunks of their own: the page's loader runs each in a task
                // of its own before the entry (public/load-after-paint.js), instead of all in the entry's one
                // long task. React's DOM is CommonJS: `lib/react-dom-eager.ts` runs it as its chunk runs.
                {
                  name: 'react-dom',
                  test: /node_modules[\\/](react-dom|scheduler)[\\/]|src[\\/]lib[\\/]react-dom-eager\.ts$/,
                  priority: chunkTiers.length + 1,
                },
                // TanStack Query: rolldown split it by the sets of pages that use each part, into six chunks
                // of 0.1-30 KB that every page loads one by one. What every page uses is one chunk; the parts
                // pages inside the shell add (mutations, infinite lists) another, which the sign-in page
                // does without.
                {
                  name: 'query',
                  test: (id: string) => tanstackQuery.test(id) && !queryExtras.test(id),
                  priority: chunkTiers.length + 1,
                  includeDependenciesRecursively: false,
                },
                {
                  name: 'query-more',
                  test: (id: string) => tanstackQuery.test(id) && queryExtras.test(id),
                  priority: chunkTiers.length + 1,
                  includeDependenciesRecursively: false,
                },
                // Small modules the entry imports that pages import too (the contract's constants, the API client,
                // the endpoints' paths, JSX's runtime): split by rolldown into four chunks of 1-16 KB, which every
                // page fetched and ran one by one; one chunk instead.
                {
                  name: 'base',
                  test: /(packages[\\/]contract[\\/]src[\\/](constants|endpoint)\.ts|src[\\/]lib[\\/](api-client|cookies|first-answers|endpoint-routes)\.ts|node_modules[\\/]react[\\/](jsx-runtime\.js|cjs[\\/]react-jsx-runtime\.production\.js)|virtual:plaza-endpoint-routes)$/,
                  priority: chunkTiers.length + 1,
                  includeDependenciesRecursively: false,
                },
                {
                  name: 'i18n',
                  test: /node_modules[\\/](i18next|react-i18next)[\\/]/,
                  priority: chunkTiers.length + 1,
                },
                ...chunkTierGroups(),
              ],
            },
          },
          // Building a zod schema has no side effects: an unused one (say the error schemas beside
          // `validationMessageKeys`) is dropped instead of pulling zod into the chunk that imports its file.
          // The contract's text schemas (`text.ts`) are zod schemas too, and declaring an endpoint
          // (`defineEndpoint`) does nothing but return it.
          treeshake: {
            manualPureFunctions: [
              'z',
              'text',
              'plainTextField',
              'richTextField',
              'optionalPlainTextField',
              'defineEndpoint',
            ],
          },
        },
      },
  server: {
    proxy: {
      '/api': { target: server, ws: true, changeOrigin: false },
      '/healthz': server,
    },
  },
  test: {
    environment: 'jsdom',
    // Vitest's default on a 2-core machine is one worker; jsdom setup and imports are per file, so two use both cores.
    maxWorkers: 2,
    setupFiles: ['src/test-setup.ts'],
    // Dialog and carousel walks in jsdom take a few seconds on a loaded 2-core machine; 5 s was too tight.
    testTimeout: 20_000,
  },
}));
