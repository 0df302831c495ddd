#!/usr/bin/env node
// The import boundaries that `npm run lint` enforces (after Biome). Plain Node: it reads every
// `import … from`, `export … from`, `import '…'` and `import('…')` (type-only ones included) of the
// server's and the web's sources, resolves the relative ones and fails on:
//
// - a cycle between files of the server (type-only imports count: a cycle of types is still one);
// - a cycle between server modules (the graph of src/modules/<name> folders);
// - an import into a server module other than its entry `src/modules/<name>/index.ts`, from another
//   module or from outside modules/ (app.ts, housekeeping.ts, cli/, seed/); a module's own files
//   import each other freely;
// - an entry re-exporting a repository (repo.ts, *-repo.ts): repositories are private to their module;
// - platform/ importing modules/, app.ts, housekeeping.ts or cli/ (platform is below the modules);
// - db/ importing modules/ (db/ is below the modules);
// - platform/, db/ or modules/ importing seed/ (the demo content sits above the modules and seeds
//   through their entries);
// - a module file that is not a repository (repo.ts, *-repo.ts) or a query piece (*-sql.ts) importing a
//   query builder: a value (not `type`) import from `drizzle-orm` (eq, and, sql, …) or from db/schema
//   (the tables); queries belong in the module's repositories, which its services call. Type-only
//   imports (`import type`, `{ type SQL }`) are fine;
// - a query piece (*-sql.ts) importing the database client or its helpers (db/client, db/execute-rows),
//   even as a type: query pieces build SQL fragments (conditions, documents) for repositories and
//   never run a query themselves;
// - a web feature (src/features/<a>/**) importing another feature (src/features/<b>/**); shared code
//   belongs in src/components or src/lib.
//
// Tests (*.test.ts[x], the server's test/ folder) are not checked: they may set up state through a
// module's internals.
//
// scripts/check-imports-allowed.json lists violations tolerated for now, by their message; it must end up
// empty, and an entry that no longer occurs is reported so the list only shrinks.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Violations tolerated for now (exact messages as printed). Keep this list shrinking to empty. */
export const allowed = JSON.parse(
  readFileSync(new URL('./check-imports-allowed.json', import.meta.url), 'utf8'),
);

const sourceFile = /\.(ts|tsx|mts|js|mjs)$/;
const testFile = /\.test\.(ts|tsx|mts|js|mjs)$/;
const importPattern =
  /(?:^|[^\w$.])(?:import|export)\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?['"]([^'"\n]+)['"]|(?:^|[^\w$.])import\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/** Strips comments so that an example import in a comment does not count (string contents are kept). */
function stripComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"\\])\/\/.*$/gm, '$1');
}

/** The specifiers a source file imports or re-exports. */
export function importSpecifiers(text) {
  const specifiers = [];
  for (const match of stripComments(text).matchAll(importPattern)) specifiers.push(match[1] ?? match[2]);
  return specifiers;
}

const valueImportPattern = /(?:^|[^\w$.])import\s+(type\s+)?([\w$*{}\s,]+?)\s+from\s+['"]([^'"\n]+)['"]/g;

/**
 * The value imports of a source file: `{ specifier, names }` for each `import … from` that is not
 * type-only, with the names imported as values (`{ type SQL, sql }` gives `sql`; a default or
 * namespace import counts as a value).
 */
export function valueImports(text) {
  const found = [];
  for (const match of stripComments(text).matchAll(valueImportPattern)) {
    if (match[1]) continue;
    const clause = match[2];
    const names = [];
    const braces = clause.match(/\{([^}]*)\}/);
    if (braces)
      for (const part of braces[1].split(',').map((name) => name.trim()))
        if (part && !part.startsWith('type ')) names.push(part.split(/\s+as\s+/)[0]);
    const outside = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, ' ')
      .trim();
    if (outside) names.push(...outside.split(/\s*,?\s+(?=\*)/).filter(Boolean));
    if (names.length > 0) found.push({ specifier: match[3], names });
  }
  return found;
}

const isRepository = (rel) => /(^|-)repo\.ts$/.test(path.basename(rel));
const isQueryPiece = (rel) => /-sql\.ts$/.test(path.basename(rel));

function listFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const files = [];
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(full));
    else if (sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Resolves a relative specifier the way TypeScript's bundler resolution does; null if not relative or not found. */
function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((candidate) => isFile(candidate)) ?? null;
}

/** Strongly connected components with more than one node (or a node importing itself): Tarjan's algorithm. */
export function cycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? new Set()).has(node)) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** A path inside a package's src, with forward slashes, e.g. `modules/users/repo.ts`. */
const inside = (src, file) => path.relative(src, file).split(path.sep).join('/');
const moduleOf = (rel) =>
  rel.startsWith('modules/') ? (rel.split('/').length > 2 ? rel.split('/')[1] : null) : null;

function checkServer(root, problems) {
  const src = path.join(root, 'packages', 'server', 'src');
  const files = listFiles(src).filter((file) => !testFile.test(file));
  const fileGraph = new Map();
  const moduleGraph = new Map();
  for (const file of files) {
    const from = inside(src, file);
    const fromModule = moduleOf(from);
    const edges = new Set();
    fileGraph.set(from, edges);
    if (fromModule && !moduleGraph.has(fromModule)) moduleGraph.set(fromModule, new Set());
    const text = readFileSync(file, 'utf8');
    if (fromModule && isQueryPiece(from))
      for (const specifier of importSpecifiers(text)) {
        const target = resolve(file, specifier);
        const rel = target && inside(src, target);
        if (rel === 'db/client.ts' || rel === 'db/execute-rows.ts')
          problems.push(
            `server: ${from} imports ${rel}; a query piece (*-sql.ts) builds SQL and never runs it, repositories run queries`,
          );
      }
    if (fromModule && !isRepository(from) && !isQueryPiece(from))
      for (const { specifier, names } of valueImports(text)) {
        const target = resolve(file, specifier);
        const schema = target && inside(src, target).startsWith('db/schema');
        if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/') || schema)
          problems.push(
            `server: ${from} imports ${names.join(', ')} from ${schema ? inside(src, target) : specifier}; queries belong in the module's repositories (repo.ts, *-repo.ts) and query pieces (*-sql.ts), type-only imports are fine`,
          );
      }
    for (const specifier of importSpecifiers(text)) {
      const target = resolve(file, specifier);
      if (!target?.startsWith(src + path.sep)) continue;
      const to = inside(src, target);
      edges.add(to);
      const toModule = moduleOf(to);
      if (toModule && toModule !== fromModule) {
        if (fromModule) {
          if (!moduleGraph.has(fromModule)) moduleGraph.set(fromModule, new Set());
          moduleGraph.get(fromModule).add(toModule);
        }
        if (to !== `modules/${toModule}/index.ts`)
          problems.push(
            `server: ${from} imports ${to}, an internal file of module ${toModule}; import its entry modules/${toModule}/index.ts`,
          );
      }
      if (fromModule && from === `modules/${fromModule}/index.ts` && isRepository(to))
        problems.push(
          `server: the entry ${from} re-exports ${to}; repositories are private to their module, export a service function instead`,
        );
      if (
        from.startsWith('platform/') &&
        (to.startsWith('modules/') || /^(app|housekeeping)\.ts$/.test(to) || to.startsWith('cli/'))
      )
        problems.push(
          `server: platform file ${from} imports ${to}; platform/ is below the modules and the app`,
        );
      if (from.startsWith('db/') && to.startsWith('modules/'))
        problems.push(`server: ${from} imports ${to}; db/ is below the modules`);
      if (/^(platform|db|modules)\//.test(from) && to.startsWith('seed/'))
        problems.push(
          `server: ${from} imports ${to}; seed/ is above the modules, only main.ts, cli/ and tests use it`,
        );
    }
  }
  for (const component of cycles(moduleGraph))
    problems.push(`server: import cycle between modules ${component.join(' <-> ')}`);
  for (const component of cycles(fileGraph))
    problems.push(`server: import cycle between files ${component.join(' <-> ')}`);
}

function checkWeb(root, problems) {
  const src = path.join(root, 'packages', 'web', 'src');
  for (const file of listFiles(src)) {
    if (testFile.test(file)) continue;
    const from = inside(src, file);
    const fromFeature = from.startsWith('features/') ? from.split('/')[1] : null;
    if (!fromFeature) continue;
    for (const specifier of importSpecifiers(readFileSync(file, 'utf8'))) {
      const target = resolve(file, specifier);
      if (!target?.startsWith(src + path.sep)) continue;
      const to = inside(src, target);
      const toFeature = to.startsWith('features/') ? to.split('/')[1] : null;
      if (toFeature && toFeature !== fromFeature)
        problems.push(
          `web: feature ${fromFeature} (${from}) imports feature ${toFeature} (${to}); features do not import each other, share through src/components or src/lib`,
        );
    }
  }
}

/** All boundary problems of the repository at `root`, minus the allowed ones; plus allowed entries that no longer occur. */
export function checkImports(root, allowList = allowed) {
  const problems = [];
  checkServer(root, problems);
  checkWeb(root, problems);
  const unique = [...new Set(problems)];
  return {
    problems: unique.filter((problem) => !allowList.includes(problem)),
    stale: allowList.filter((entry) => !unique.includes(entry)),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { problems, stale } = checkImports(root);
  for (const problem of problems) console.error(`check-imports: ${problem}`);
  for (const entry of stale)
    console.error(`check-imports: allowed entry no longer occurs, remove it: ${entry}`);
  if (problems.length > 0 || stale.length > 0) {
    console.error(
      `check-imports: ${problems.length} boundary violation(s), ${stale.length} stale allow-list entr(ies); the rules are at the top of scripts/check-imports.mjs`,
    );
    process.exit(1);
  }
  console.log(
    allowed.length === 0
      ? 'check-imports: module boundaries hold (no cycles, module entries only, platform below modules, features apart)'
      : `check-imports: no new boundary violations; ${allowed.length} tolerated in scripts/check-imports-allowed.json`,
  );
}
