import type { Config } from '../config';
import type { Database } from '../db/client';
import { countUsers, refreshOutdatedSearchVectors } from '../modules/users';
import type { ObjectStore } from '../platform/storage';
import { seedDemoContent } from './index';

/** What a start did about content, for the console. */
export type StartContent =
  | { kind: 'seeded'; admin: { username: string; password: string } }
  | { kind: 'no-members' }
  | { kind: 'ready' };

/**
 * Demo content only where it belongs: on the embedded default (PGlite) and wherever `PLAZA_DEMO=1`
 * asks for it; `PLAZA_DEMO=0` turns it off. An empty PostgreSQL is never filled silently: the start
 * reports that it has no members, and the operator creates the first superadmin with the CLI. Search
 * documents built by older rules are rebuilt.
 */
export async function prepareContent(
  database: Database,
  config: Pick<Config, 'demoContent' | 'publicUrl'>,
  storage?: ObjectStore,
): Promise<StartContent> {
  if (config.demoContent) {
    const seeded = await seedDemoContent(database.db, { publicUrl: config.publicUrl, storage });
    if (seeded.admin) return { kind: 'seeded', admin: seeded.admin };
  }
  await refreshOutdatedSearchVectors(database.db);
  return (await countUsers(database.db)) > 0 ? { kind: 'ready' } : { kind: 'no-members' };
}

/** The console lines for what `prepareContent` found; the admin password is printed only here, once. */
export function describeStartContent(content: StartContent): string[] {
  switch (content.kind) {
    case 'seeded':
      return [`Admin login: ${content.admin.username} / ${content.admin.password}`];
    case 'no-members':
      return [
        'The database has no members yet. Create the first superadmin with:',
        '  npm run plaza -- user:create --username <name> --email <address> --password <password> --superadmin',
        '(PLAZA_DEMO=1 fills an empty database with the demo content instead.)',
      ];
    case 'ready':
      return [];
  }
}
