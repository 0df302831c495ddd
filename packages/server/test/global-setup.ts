import type { TestProject } from 'vitest/node';
import {
  dropStalePgliteTemplates,
  dropStalePostgresTemplates,
  ensurePgliteTemplate,
  ensurePostgresTemplate,
} from './database';

/**
 * Vitest global setup, once per project and run: makes the migrated template that each test file's database
 * is copied from (test/database.ts), and drops templates of other migrations.
 */
export default async function setup(project: TestProject): Promise<void> {
  const kind = project.config.env?.PLAZA_TEST_DB;
  if (kind === 'pglite') {
    dropStalePgliteTemplates();
    await ensurePgliteTemplate();
  } else if (kind === 'postgres') {
    await dropStalePostgresTemplates();
    await ensurePostgresTemplate();
  }
}
