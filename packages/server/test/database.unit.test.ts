import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/client';
import { createTestDatabase, migrationsHash, testDbKind } from './database';

describe('test databases', () => {
  const copies = mkdtempSync(path.join(os.tmpdir(), 'plaza-migrations-'));
  afterAll(() => rmSync(copies, { recursive: true, force: true }));

  function copyOfMigrations(name: string): string {
    const folder = path.join(copies, name);
    cpSync(migrationsFolder, folder, { recursive: true });
    return folder;
  }

  it('are refused to unit tests, which run once without a database', async () => {
    expect(testDbKind).toBe('none');
    await expect(createTestDatabase()).rejects.toThrow(
      /unit test \(\*\.unit\.test\.ts\) asked for a database/,
    );
  });

  it('come from a template named by the migrations, so a changed or added migration makes a new one', () => {
    const current = migrationsHash();
    expect(migrationsHash(copyOfMigrations('same'))).toBe(current);
    const edited = copyOfMigrations('edited');
    appendFileSync(path.join(edited, '0000_bizarre_gamma_corps.sql'), '\n-- changed\n');
    expect(migrationsHash(edited)).not.toBe(current);
    const added = copyOfMigrations('added');
    writeFileSync(path.join(added, '9999_new.sql'), 'select 1;\n');
    expect(migrationsHash(added)).not.toBe(current);
    const journal = copyOfMigrations('journal');
    appendFileSync(path.join(journal, 'meta', '_journal.json'), ' ');
    expect(migrationsHash(journal)).not.toBe(current);
  });
});
