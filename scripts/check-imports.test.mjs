// Self-test of scripts/check-imports.mjs (the import boundaries `npm run lint` enforces): fixture trees written
// to a temporary folder, one clean and one per broken rule; each break must be reported, the clean tree not.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkImports, importSpecifiers } from './check-imports.mjs';

const base = mkdtempSync(path.join(os.tmpdir(), 'plaza-imports-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A clean tree: two server modules (users below posts) with entries, platform, seed, app, two web features. */
const clean = {
  'packages/server/src/deps.ts':
    "import type { Clock } from './platform/clock';\nexport interface AppDeps { clock: Clock }\n",
  'packages/server/src/app.ts':
    "import type { AppDeps } from './deps';\nimport { modules } from './modules';\nexport const app = (d: AppDeps) => [d, modules];\n",
  'packages/server/src/platform/clock.ts': 'export type Clock = () => number;\n',
  'packages/server/src/platform/session.ts':
    "import type { AppDeps } from '../deps';\nexport type S = AppDeps;\n",
  'packages/server/src/modules/index.ts':
    "import { postsModule } from './posts';\nimport { usersModule } from './users';\nexport const modules = [usersModule, postsModule];\n",
  'packages/server/src/modules/users/index.ts':
    "export { usersModule } from './routes';\nexport { findUser } from './service';\n",
  'packages/server/src/modules/users/routes.ts':
    "import { findUser } from './service';\nexport const usersModule = findUser;\n",
  'packages/server/src/modules/users/service.ts':
    "import { usersRepo } from './repo';\nexport const findUser = () => usersRepo;\n",
  'packages/server/src/modules/users/repo.ts': 'export const usersRepo = {};\n',
  'packages/server/src/modules/posts/index.ts': "export { postsModule } from './routes';\n",
  'packages/server/src/modules/posts/routes.ts':
    "import type { AppDeps } from '../../deps';\nimport { findUser } from '../users';\n// import { usersRepo } from '../users/repo'; (a comment does not count)\nexport const postsModule = (d: AppDeps) => [d, findUser];\n",
  'packages/server/src/modules/posts/posts.test.ts':
    "import { usersRepo } from '../users/repo';\nexport const t = usersRepo;\n",
  'packages/server/src/seed/index.ts':
    "import { findUser } from '../modules/users/index.ts';\nexport const seed = findUser;\n",
  'packages/web/src/lib/api.ts': 'export const api = 1;\n',
  'packages/web/src/features/news/page.tsx':
    "import { api } from '../../lib/api';\nimport { Card } from './card';\nexport const Page = [api, Card];\n",
  'packages/web/src/features/news/card.tsx': 'export const Card = 1;\n',
  'packages/web/src/features/posts/page.tsx':
    "import { api } from '../../lib/api';\nexport const Page = api;\n",
};

let count = 0;
/** Writes the clean tree with `changes` applied (a null content removes a file) and checks it. */
function check(changes = {}) {
  const root = path.join(base, `tree-${count++}`);
  for (const [file, text] of Object.entries({ ...clean, ...changes })) {
    if (text === null) continue;
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return checkImports(root, []).problems;
}

describe('check-imports', () => {
  it('finds the specifiers of every kind of import and re-export, type-only ones included', () => {
    expect(
      importSpecifiers(
        "import a from './a';\nimport type { B } from './b';\nimport {\n  c,\n  type D,\n} from './c';\nexport * from './e';\nexport type { F } from './f';\nimport './g';\nconst h = await import('./h');\n/* import x from './x' */\n",
      ),
    ).toEqual(['./a', './b', './c', './e', './f', './g', './h']);
  });

  it('passes a tree that keeps the rules (tests may reach into a module)', () => {
    expect(check()).toEqual([]);
  });

  it('fails on an import of another module’s internal file, a repository included', () => {
    const problems = check({
      'packages/server/src/modules/posts/service.ts':
        "import { usersRepo } from '../users/repo';\nexport const s = usersRepo;\n",
    });
    expect(problems).toEqual([
      'server: modules/posts/service.ts imports modules/users/repo.ts, an internal file of module users; import its entry modules/users/index.ts',
    ]);
  });

  it('fails on an entry that re-exports a repository', () => {
    const problems = check({
      'packages/server/src/modules/users/index.ts':
        "export { usersModule } from './routes';\nexport { findUser } from './service';\nexport { usersRepo } from './repo';\n",
    });
    expect(problems).toEqual([
      'server: the entry modules/users/index.ts re-exports modules/users/repo.ts; repositories are private to their module, export a service function instead',
    ]);
  });

  it('fails on a module outside modules/ reaching past an entry (the seed, the app)', () => {
    const problems = check({
      'packages/server/src/seed/index.ts':
        "import { findUser } from '../modules/users/service';\nexport const seed = findUser;\n",
    });
    expect(problems).toEqual([
      'server: seed/index.ts imports modules/users/service.ts, an internal file of module users; import its entry modules/users/index.ts',
    ]);
  });

  it('fails on a cycle between modules, even through entries and type-only imports', () => {
    const problems = check({
      'packages/server/src/modules/users/index.ts':
        "export { usersModule } from './routes';\nexport { findUser } from './service';\nexport type { Post } from './post-type';\n",
      'packages/server/src/modules/users/post-type.ts':
        "import type { PostsModule } from '../posts';\nexport type Post = PostsModule;\n",
      'packages/server/src/modules/posts/index.ts':
        "export { postsModule } from './routes';\nexport type PostsModule = typeof import('./routes');\n",
    });
    expect(problems).toContain('server: import cycle between modules posts <-> users');
    expect(problems.some((problem) => problem.startsWith('server: import cycle between files '))).toBe(true);
  });

  it('fails on a cycle between files of one module', () => {
    const problems = check({
      'packages/server/src/modules/users/repo.ts':
        "import type { findUser } from './service';\nexport const usersRepo = {} as typeof findUser;\n",
    });
    expect(problems).toEqual([
      'server: import cycle between files modules/users/repo.ts <-> modules/users/service.ts',
    ]);
  });

  it('fails when platform imports a module or the app', () => {
    const problems = check({
      'packages/server/src/platform/session.ts':
        "import type { app } from '../app';\nimport { findUser } from '../modules/users';\nexport type S = [typeof app, typeof findUser];\n",
    });
    expect(problems).toContain(
      'server: platform file platform/session.ts imports app.ts; platform/ is below the modules and the app',
    );
    expect(problems).toContain(
      'server: platform file platform/session.ts imports modules/users/index.ts; platform/ is below the modules and the app',
    );
  });

  it('fails when db/ imports a module', () => {
    const problems = check({
      'packages/server/src/db/client.ts':
        "import { findUser } from '../modules/users';\nexport const db = findUser;\n",
    });
    expect(problems).toEqual([
      'server: db/client.ts imports modules/users/index.ts; db/ is below the modules',
    ]);
  });

  it('fails when platform/, db/ or a module imports the seed', () => {
    const problems = check({
      'packages/server/src/platform/clock.ts':
        "import type { seed } from '../seed';\nexport type Clock = typeof seed;\n",
      'packages/server/src/db/client.ts':
        "import { seed } from '../seed/index.ts';\nexport const db = seed;\n",
      'packages/server/src/modules/posts/service.ts':
        "import { seed } from '../../seed';\nexport const s = seed;\n",
    });
    expect([...problems].sort()).toEqual([
      'server: db/client.ts imports seed/index.ts; seed/ is above the modules, only main.ts, cli/ and tests use it',
      'server: modules/posts/service.ts imports seed/index.ts; seed/ is above the modules, only main.ts, cli/ and tests use it',
      'server: platform/clock.ts imports seed/index.ts; seed/ is above the modules, only main.ts, cli/ and tests use it',
    ]);
  });

  it('fails when a web feature imports another feature', () => {
    const problems = check({
      'packages/web/src/features/posts/page.tsx':
        "import { Card } from '../news/card';\nexport const Page = Card;\n",
    });
    expect(problems).toEqual([
      'web: feature posts (features/posts/page.tsx) imports feature news (features/news/card.tsx); features do not import each other, share through src/components or src/lib',
    ]);
  });

  it('fails on a query builder outside a repository: a value import from drizzle-orm or db/schema', () => {
    const problems = check({
      'packages/server/src/db/schema/index.ts': 'export const users = {};\n',
      'packages/server/src/modules/users/service.ts':
        "import { and, eq as equals } from 'drizzle-orm';\nimport { users } from '../../db/schema';\nexport const findUser = () => [and, equals, users];\n",
      'packages/server/src/modules/posts/routes.ts':
        "import * as orm from 'drizzle-orm/pg-core';\nexport const postsModule = orm;\n",
    });
    expect(problems).toEqual([
      "server: modules/posts/routes.ts imports * as orm from drizzle-orm/pg-core; queries belong in the module's repositories (repo.ts, *-repo.ts) and query pieces (*-sql.ts), type-only imports are fine",
      "server: modules/users/service.ts imports and, eq from drizzle-orm; queries belong in the module's repositories (repo.ts, *-repo.ts) and query pieces (*-sql.ts), type-only imports are fine",
      "server: modules/users/service.ts imports users from db/schema/index.ts; queries belong in the module's repositories (repo.ts, *-repo.ts) and query pieces (*-sql.ts), type-only imports are fine",
    ]);
  });

  it('lets repositories query and other module files import drizzle and schema types only', () => {
    const problems = check({
      'packages/server/src/db/schema/index.ts': 'export const users = {};\nexport type Kind = 1;\n',
      'packages/server/src/modules/users/repo.ts':
        "import { eq, sql } from 'drizzle-orm';\nimport { users } from '../../db/schema';\nexport const usersRepo = [eq, sql, users];\n",
      'packages/server/src/modules/users/follows-repo.ts':
        "import { and } from 'drizzle-orm';\nexport const followsRepo = and;\n",
      'packages/server/src/modules/users/service.ts':
        "import { usersRepo } from './repo';\nimport type { SQL } from 'drizzle-orm';\nimport { type Kind, type users } from '../../db/schema';\nexport const findUser = (): [SQL?, Kind?, typeof users?] => [usersRepo] as never;\n",
      'packages/server/src/modules/users/users.test.ts':
        "import { eq } from 'drizzle-orm';\nexport const t = eq;\n",
    });
    expect(problems).toEqual([]);
  });

  it('lets a query piece (*-sql.ts) build SQL but not run it: no database client, not even its type', () => {
    const problems = check({
      'packages/server/src/db/schema/index.ts': 'export const users = {};\n',
      'packages/server/src/db/client.ts': 'export type Db = 1;\n',
      'packages/server/src/db/execute-rows.ts': 'export const executeRows = 1;\n',
      'packages/server/src/modules/users/search-sql.ts':
        "import { sql } from 'drizzle-orm';\nimport { users } from '../../db/schema';\nexport const match = [sql, users];\n",
      'packages/server/src/modules/posts/visibility-sql.ts':
        "import { sql } from 'drizzle-orm';\nimport type { Db } from '../../db/client';\nimport { executeRows } from '../../db/execute-rows';\nexport const run = (db: Db) => [sql, db, executeRows];\n",
    });
    expect(problems).toEqual([
      'server: modules/posts/visibility-sql.ts imports db/client.ts; a query piece (*-sql.ts) builds SQL and never runs it, repositories run queries',
      'server: modules/posts/visibility-sql.ts imports db/execute-rows.ts; a query piece (*-sql.ts) builds SQL and never runs it, repositories run queries',
    ]);
  });

  it('reports allowed entries that no longer occur', () => {
    const root = path.join(base, `tree-${count++}`);
    mkdirSync(root, { recursive: true });
    expect(checkImports(root, ['server: gone']).stale).toEqual(['server: gone']);
  });
});
