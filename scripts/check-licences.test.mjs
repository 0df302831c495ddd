// Self-test of scripts/check-licences.mjs (the production dependencies' licences, run in the `gate` suite):
// the repository's own shipped tree passes; the fixture lockfile under test-fixtures/licences reports each
// forbidden or missing licence it ships, and nothing it does not ship.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLicences, expressionAllowed, readAllowList } from './check-licences.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = path.join(here, 'test-fixtures/licences');
const base = mkdtempSync(path.join(os.tmpdir(), 'plaza-licences-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** The repository's allowed licences, without its per-package exceptions. */
const plainList = () => ({ licences: readAllowList().licences, exceptions: {} });
const shippedProblems = [
  'tiny-helper@2.0.0 (from image-lib): licence "SSPL-1.0" is not allowed',
  'image-lib-linux@2.0.0 (from image-lib): licence "LGPL-3.0-or-later" is not allowed',
  'copyleft-widget@1.0.0 (from ui-kit): licence "GPL-3.0-only" is not allowed',
  'unlabelled@1.0.0 (from ui-kit): no licence stated',
];

describe('licences of the production dependencies', () => {
  it("the repository's shipped packages are all allowed, and no development tool is among them", () => {
    const { packages, problems } = checkLicences(path.join(here, '..'));
    expect(problems).toEqual([]);
    expect(packages.length).toBeGreaterThan(100);
    const names = new Set(packages.map((p) => p.name));
    for (const shipped of ['fastify', 'react', 'zod']) expect(names.has(shipped), shipped).toBe(true);
    for (const tool of ['vitest', '@biomejs/biome', 'typescript', 'drizzle-kit']) {
      expect(names.has(tool), tool).toBe(false);
    }
  });

  it('reports each forbidden or missing licence the fixture ships (nested, optional, transitive), nothing else', () => {
    const { packages, problems } = checkLicences(fixture, plainList());
    expect(problems).toEqual(shippedProblems);
    expect(packages.map((p) => `${p.name}@${p.version}`).sort()).toEqual([
      'copyleft-widget@1.0.0',
      'fast-thing@1.2.0',
      'image-lib-linux@2.0.0',
      'image-lib@2.0.0',
      'schema-lib@1.0.0',
      'tiny-helper@1.0.0',
      'tiny-helper@2.0.0',
      'ui-kit@3.0.0',
      'unlabelled@1.0.0',
    ]);
  });

  it('the command fails on the fixture, naming the problems', () => {
    let failure;
    try {
      execFileSync(process.execPath, [path.join(here, 'check-licences.mjs'), fixture], { stdio: 'pipe' });
    } catch (error) {
      failure = error;
    }
    expect(failure?.status).toBe(1);
    expect(String(failure.stderr)).toContain('copyleft-widget@1.0.0 (from ui-kit): licence "GPL-3.0-only"');
  });

  it('reads a licence the lockfile lacks from the installed package.json', () => {
    const tree = path.join(base, 'installed');
    cpSync(fixture, tree, { recursive: true });
    mkdirSync(path.join(tree, 'node_modules/unlabelled'), { recursive: true });
    writeFileSync(path.join(tree, 'node_modules/unlabelled/package.json'), '{"licenses":[{"type":"MIT"}]}');
    expect(checkLicences(tree, plainList()).problems).toEqual(shippedProblems.slice(0, 3));
  });

  it('an exception needs its package, its licence and a reason', () => {
    const withExceptions = (exceptions) => checkLicences(fixture, { ...plainList(), exceptions }).problems;
    const reason = 'reviewed';
    expect(
      withExceptions({
        'image-lib-*': { licence: 'LGPL-3.0-or-later', reason },
        'tiny-helper': { licence: 'SSPL-1.0', reason },
        'copyleft-widget': { licence: 'GPL-3.0-only', reason },
        unlabelled: { licence: null, reason },
      }),
    ).toEqual([]);
    expect(
      withExceptions({
        'copyleft-widget': { licence: 'GPL-2.0-only', reason },
        unlabelled: { licence: 'MIT', reason: ' ' },
        'left-pad': { licence: 'WTFPL', reason },
      }),
    ).toEqual([
      ...shippedProblems,
      'exception for copyleft-widget: no shipped package needs it; remove it',
      'exception for unlabelled: give a reason',
      'exception for unlabelled: no shipped package needs it; remove it',
      'exception for left-pad: no shipped package needs it; remove it',
    ]);
  });

  it('reads SPDX expressions: OR needs one side, AND both, parentheses group, WITH as written', () => {
    const allowed = new Set(['MIT', 'Apache-2.0', 'Zlib', 'Apache-2.0 WITH LLVM-exception']);
    expect(expressionAllowed('MIT', allowed)).toBe(true);
    expect(expressionAllowed('(MIT OR GPL-3.0-or-later)', allowed)).toBe(true);
    expect(expressionAllowed('MIT or MPL-2.0', allowed)).toBe(true);
    expect(expressionAllowed('(MIT AND Zlib)', allowed)).toBe(true);
    expect(expressionAllowed('MIT AND GPL-2.0-only', allowed)).toBe(false);
    expect(expressionAllowed('GPL-2.0-only OR (MIT AND Zlib)', allowed)).toBe(true);
    expect(expressionAllowed('(GPL-2.0-only OR MIT) AND LGPL-3.0-only', allowed)).toBe(false);
    expect(expressionAllowed('Apache-2.0 WITH LLVM-exception', allowed)).toBe(true);
    expect(expressionAllowed('MIT WITH Classpath-exception-2.0', allowed)).toBe(false);
    expect(() => expressionAllowed('SEE LICENSE IN LICENSE.md', allowed)).toThrow();
    expect(() => expressionAllowed('(MIT OR', allowed)).toThrow();
    expect(() => expressionAllowed('MIT OR Apache-2.0)', allowed)).toThrow();
  });
});
