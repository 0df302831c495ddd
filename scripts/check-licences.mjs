// The production dependencies' licences against an allow-list (run by the `gate` suite, and by hand:
// `node scripts/check-licences.mjs`). The tree is what the server and the web app ship: the `dependencies`
// and `optionalDependencies` of packages/server and packages/web, through workspace links, resolved in
// package-lock.json as Node resolves them (nested node_modules first). Each package's licence comes from
// the lockfile, else from its installed package.json. No network: the registry's advisory service is not
// reachable here, and the licence of a locked version does not change. `node scripts/check-licences.mjs [root]`
// checks another tree (the self-test's fixture) against this allow-list.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The workspaces whose production dependencies are shipped. */
export const shippedWorkspaces = ['packages/server', 'packages/web'];

/**
 * Whether an SPDX expression is allowed: `A OR B` needs one side, `A AND B` both, parentheses group;
 * `A WITH exception` counts as one licence name, so it must be listed as written. Operators in any case
 * (some manifests write `MIT or MPL-2.0`).
 */
export function expressionAllowed(expression, allowed) {
  const tokens = expression
    .replace(/[()]/g, ' $& ')
    .trim()
    .split(/\s+/)
    .map((token) => (/^(and|or|with)$/i.test(token) ? token.toUpperCase() : token));
  let position = 0;
  const peek = () => tokens[position];
  function term() {
    if (peek() === '(') {
      position += 1;
      const value = anyOf();
      if (tokens[position++] !== ')') throw new Error(`unbalanced parentheses in "${expression}"`);
      return value;
    }
    let name = tokens[position++];
    if (name === undefined || name === ')') throw new Error(`incomplete licence expression "${expression}"`);
    if (peek() === 'WITH') {
      name = `${name} WITH ${tokens[position + 1]}`;
      position += 2;
    }
    return allowed.has(name);
  }
  function allOf() {
    let value = term();
    while (peek() === 'AND') {
      position += 1;
      value = term() && value;
    }
    return value;
  }
  function anyOf() {
    let value = allOf();
    while (peek() === 'OR') {
      position += 1;
      value = allOf() || value;
    }
    return value;
  }
  const value = anyOf();
  if (position !== tokens.length)
    throw new Error(`unexpected "${peek()}" in licence expression "${expression}"`);
  return value;
}

/** What is wrong with a stated licence under the `allowed` names, or null. */
function licenceProblem(licence, allowed) {
  if (licence === null) return 'no licence stated';
  try {
    return expressionAllowed(licence, allowed) ? null : `licence "${licence}" is not allowed`;
  } catch (error) {
    return error.message;
  }
}

/** A package's licence as its manifest states it (`license`, or the old `licenses` list). */
function licenceOf(manifest) {
  const { license, licenses } = manifest ?? {};
  if (typeof license === 'string') return license;
  if (license && typeof license.type === 'string') return license.type;
  if (Array.isArray(licenses) && licenses.length > 0) {
    return licenses.map((entry) => (typeof entry === 'string' ? entry : entry.type)).join(' OR ');
  }
  return null;
}

/** The lockfile location a package `name` required from `from` resolves to, as Node looks it up. */
function resolve(lockPackages, from, name) {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lockPackages[candidate]) return candidate;
    if (!dir) return null;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

/**
 * Walks the shipped workspaces' production trees in the lockfile at `root`; returns each package once
 * (name, version, location, licence) and the problems: a licence not allowed, none stated, a dependency
 * the lockfile does not hold, an exception that no longer matches (unused, or for another licence).
 */
export function checkLicences(root, allowList = readAllowList(), workspaces = shippedWorkspaces) {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const lockPackages = lock.packages ?? {};
  const allowed = new Set(allowList.licences);
  const exceptions = Object.entries(allowList.exceptions ?? {});
  /** The exception for a package: by its name, or by a name ending in `*` that it starts with. */
  const exceptionFor = (name) =>
    exceptions.find(([key]) => key === name) ??
    exceptions.find(([key]) => key.endsWith('*') && name.startsWith(key.slice(0, -1)));
  const seen = new Map();
  const problems = [];
  const usedExceptions = new Set();

  const visit = (location, requiredBy) => {
    let entry = lockPackages[location];
    if (entry?.link) {
      location = entry.resolved;
      entry = lockPackages[location];
    }
    if (!entry || seen.has(location)) return;
    const isWorkspace = !location.includes('node_modules/');
    const name = isWorkspace ? location : location.slice(location.lastIndexOf('node_modules/') + 13);
    let licence = entry.license ?? null;
    if (licence === null && !isWorkspace) {
      const manifest = path.join(root, location, 'package.json');
      if (existsSync(manifest)) licence = licenceOf(JSON.parse(readFileSync(manifest, 'utf8')));
    }
    seen.set(location, { name, version: entry.version ?? null, location, licence });
    if (!isWorkspace) {
      const [key, exception] = exceptionFor(name) ?? [];
      const problem = licenceProblem(licence, allowed);
      // An exception fits when the licence it names makes the package's allowed (null: none stated).
      const fits =
        exception &&
        (licence === null
          ? exception.licence === null
          : exception.licence !== null && !licenceProblem(licence, new Set([...allowed, exception.licence])));
      if (problem && fits) usedExceptions.add(key);
      else if (problem) problems.push(`${name}@${entry.version} (from ${requiredBy}): ${problem}`);
    }
    const needs = { ...entry.dependencies, ...entry.optionalDependencies };
    for (const dependency of Object.keys(needs)) {
      const target = resolve(lockPackages, location, dependency);
      if (target) visit(target, name);
      else if (!entry.optionalDependencies?.[dependency] && !entry.peerDependencies?.[dependency]) {
        problems.push(`${dependency} (from ${name}): not in package-lock.json`);
      }
    }
  };

  for (const workspace of workspaces) {
    if (!lockPackages[workspace]) problems.push(`${workspace}: not a workspace in package-lock.json`);
    else visit(workspace, 'the repository');
  }
  for (const [key, exception] of exceptions) {
    if (!exception.reason?.trim()) problems.push(`exception for ${key}: give a reason`);
    if (!usedExceptions.has(key))
      problems.push(`exception for ${key}: no shipped package needs it; remove it`);
  }
  return { packages: [...seen.values()].filter((p) => p.location.includes('node_modules/')), problems };
}

/** The allow-list: licence names and per-package exceptions (`name: { licence, reason }`). */
export function readAllowList(file = path.join(here, 'licences-allowed.json')) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { packages, problems } = checkLicences(path.resolve(process.argv[2] ?? path.join(here, '..')));
  if (problems.length > 0) {
    console.error(`Licence check: ${problems.length} problem(s) in ${packages.length} shipped packages:`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`Licence check: ${packages.length} shipped packages, all allowed.`);
}
