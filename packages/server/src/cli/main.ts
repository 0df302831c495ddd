import { parseArgs } from 'node:util';
import { userPermissionSchema, userPermissions } from '@plaza/contract';
import { ZodError } from 'zod';
import { BackupError, restoreBackup, writeBackup } from '../backup';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { onSettingsStored, setSettingByPath } from '../modules/settings';
import { createUser, refreshOnProfileOptions, setUserPassword, setUserPermissions } from '../modules/users';
import { AppError } from '../platform/errors';
import {
  copyObjects,
  createLocalStore,
  createObjectStore,
  localUploadsRoot,
  type ObjectStore,
} from '../platform/storage';
import { seedDemoContent } from '../seed';

const help = `Plaza operator commands (run as: npm run plaza -- <command>):

  migrate                       apply the database migrations
  seed                          fill an empty database with the demo content (prints the admin login once)
  user:create --username U --email E --password P [--firstname F] [--lastname L]
              [--superadmin] [--permission superadmin|users|post_as_author|jobs|ratings_export]... [--no-agb]
                                create a member (--no-agb: has not accepted the terms yet)
  user:set-password --username U --password P
                                set a member's password and end their sessions
  user:set-permissions --username U [--permission P]...
                                make a member's permissions exactly these (none: a plain member)
  storage:migrate [--from FOLDER]
                                copy the uploads folder (default DATA_DIR/uploads) into the bucket of
                                STORAGE_URL; run again to resume (objects of equal size are skipped)
  settings:set <dotted.path> <json>
                                change one setting, e.g. settings:set login_options.login_identifier '"email"'
  backup FILE                   write the database and the file store to FILE (a .tar.gz; PostgreSQL: while
                                the server runs, one consistent snapshot; PGlite: stop the server first)
  restore FILE                  restore a backup into an empty database (migrated here first) and the store
  help                          show this text

The database is the server's: DATABASE_URL, or PGlite in DATA_DIR (stop the server first).`;

class UsageError extends Error {}

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

async function withDatabase<T>(run: (database: Database) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    return await run(database);
  } finally {
    await database.close();
  }
}

/** Runs with the configured file store (the uploads folder or STORAGE_URL's bucket), closed afterwards. */
async function withStore<T>(run: (storage: ObjectStore) => Promise<T>): Promise<T> {
  const storage = createObjectStore(loadConfig());
  try {
    return await run(storage);
  } finally {
    await storage.close();
  }
}

/** The database (migrated only when asked) and the file store of the server's configuration, for backups. */
async function withDatabaseAndStore<T>(
  migrate: boolean,
  run: (database: Database, store: ObjectStore) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(
      `${error.message} A PGlite database cannot be backed up or restored while the server runs: stop it, run the command, start it again.`,
    );
  }
  try {
    if (migrate) await database.migrate();
    return await withStore((store) => run(database, store));
  } finally {
    await database.close();
  }
}

function fileArgument(command: string, rest: string[]): string {
  const [file, ...extra] = rest;
  if (!file || extra.length > 0) throw new UsageError(`${command} needs exactly one FILE`);
  return file;
}

async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'migrate':
      await withDatabase(async () => undefined);
      console.log('Migrations applied.');
      return;
    case 'seed': {
      const result = await withStore((storage) =>
        withDatabase(({ db }) => seedDemoContent(db, { publicUrl: loadConfig().publicUrl, storage })),
      );
      if (result.admin) console.log(`Admin login: ${result.admin.username} / ${result.admin.password}`);
      else console.log('The database already has content; nothing seeded.');
      return;
    }
    case 'user:create': {
      const { values } = parseArgs({
        args: rest,
        options: {
          username: { type: 'string' },
          email: { type: 'string' },
          password: { type: 'string' },
          firstname: { type: 'string' },
          lastname: { type: 'string' },
          superadmin: { type: 'boolean', default: false },
          permission: { type: 'string', multiple: true, default: [] },
          'no-agb': { type: 'boolean', default: false },
        },
      });
      const permissions = [...(values.permission ?? []), ...(values.superadmin ? ['superadmin'] : [])].map(
        (p) => {
          const parsed = userPermissionSchema.safeParse(p);
          if (!parsed.success)
            throw new UsageError(`unknown permission "${p}" (${userPermissions.join(', ')})`);
          return parsed.data;
        },
      );
      const user = await withDatabase(({ db }) =>
        createUser(db, {
          username: required(values, 'username'),
          email: required(values, 'email'),
          password: required(values, 'password'),
          firstname: values.firstname,
          lastname: values.lastname,
          permissions,
          agb_nda_accepted: !values['no-agb'],
        }),
      );
      console.log(`Created member ${user.username} (id ${user.id}).`);
      return;
    }
    case 'user:set-password': {
      const { values } = parseArgs({
        args: rest,
        options: { username: { type: 'string' }, password: { type: 'string' } },
      });
      const username = required(values, 'username');
      const ended = await withDatabase(({ db }) =>
        setUserPassword(db, username, required(values, 'password')),
      );
      console.log(`Password of ${username} set; ${ended} session(s) ended.`);
      return;
    }
    case 'user:set-permissions': {
      const { values } = parseArgs({
        args: rest,
        options: {
          username: { type: 'string' },
          permission: { type: 'string', multiple: true, default: [] },
        },
      });
      const username = required(values, 'username');
      const unknown = (values.permission ?? []).find((p) => !userPermissionSchema.safeParse(p).success);
      if (unknown) throw new UsageError(`unknown permission "${unknown}" (${userPermissions.join(', ')})`);
      const set = await withDatabase(({ db }) => setUserPermissions(db, username, values.permission ?? []));
      console.log(`Permissions of ${username}: ${set.join(', ') || 'none'}.`);
      return;
    }
    case 'storage:migrate': {
      const { values } = parseArgs({ args: rest, options: { from: { type: 'string' } } });
      const config = loadConfig();
      if (config.storage.kind !== 's3') throw new UsageError('set STORAGE_URL to the bucket to copy into');
      const from = values.from ?? localUploadsRoot(config.dataDir);
      const source = createLocalStore(from);
      const counts = await withStore((target) =>
        copyObjects(source, target, (so) => console.log(`... ${so.copied} copied, ${so.skipped} skipped`)),
      );
      console.log(
        `Copied ${counts.copied} file(s) (${counts.bytes} bytes) from ${from} into bucket ${config.storage.bucket}; ${counts.skipped} already there.`,
      );
      return;
    }
    case 'settings:set': {
      const [dotted, json] = rest;
      if (!dotted || json === undefined)
        throw new UsageError('settings:set needs a dotted path and a JSON value');
      let value: unknown;
      try {
        value = JSON.parse(json);
      } catch {
        throw new UsageError(`the value must be JSON, e.g. '"email"' or 'true' (got ${json})`);
      }
      onSettingsStored(refreshOnProfileOptions);
      await withDatabase(({ db }) => setSettingByPath(db, dotted, value));
      console.log(`Setting ${dotted} changed.`);
      return;
    }
    case 'backup': {
      const file = fileArgument(command, rest);
      const started = Date.now();
      const manifest = await withDatabaseAndStore(false, (database, store) =>
        writeBackup(database, store, file),
      );
      const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
      console.log(
        `Backup written to ${file}: ${rows} rows of ${Object.keys(manifest.tables).length} tables, ` +
          `${manifest.files.count} files (${manifest.files.bytes} bytes), migration ${manifest.migration.tag}, ` +
          `${Date.now() - started} ms.`,
      );
      return;
    }
    case 'restore': {
      const file = fileArgument(command, rest);
      const started = Date.now();
      const manifest = await withDatabaseAndStore(true, (database, store) =>
        restoreBackup(database, store, file),
      );
      const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
      console.log(
        `Restored ${file} (made ${manifest.createdAt} on ${manifest.database}): ${rows} rows, ` +
          `${manifest.files.count} files, ${Date.now() - started} ms.`,
      );
      return;
    }
    case undefined:
    case 'help':
    case '--help':
      console.log(help);
      return;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`Error: ${error.message}\n\n${help}`);
  else if (error instanceof ZodError) {
    console.error(
      `Error: ${error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`).join('; ')}`,
    );
  } else if (error instanceof AppError || error instanceof Error) console.error(`Error: ${error.message}`);
  else console.error('Error:', error);
  process.exit(1);
});
