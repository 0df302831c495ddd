import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { Database, Db } from '../src/db/client';
import type { EventBus } from '../src/platform/bus';
import type { Clock } from '../src/platform/clock';
import { createInProcessBus } from '../src/platform/in-process-bus';
import type { PreviewFetchOptions } from '../src/platform/link-preview';
import type { Mailer } from '../src/platform/mail';
import { createMailer } from '../src/platform/mailer';
import { createObjectStore, type ObjectStore } from '../src/platform/storage';
import { createTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  storage: ObjectStore;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: NodeJS.ProcessEnv;
  bus?: EventBus;
  mailer?: Mailer;
  /** Reuse a database (several instances on one PostgreSQL); it is not closed with the app. */
  database?: Database;
  /** How link previews reach other sites (the test resolver and its allowance). */
  linkPreviewFetch?: PreviewFetchOptions;
  /** Receives the app's log lines (JSON, one per call); set LOG_LEVEL in `env` to choose what is logged. */
  logStream?: { write(line: string): void };
  /** The app's time (rate-limit windows, the sign-in delay, housekeeping); default the system clock. */
  clock?: Clock;
  /** Routes a test adds to the real app (e.g. one running a slow statement), registered before it is ready. */
  routes?: (app: FastifyInstance) => void;
  /** Whether every answer is also encoded by zod and compared (default); false: as in production. */
  verifyResponses?: boolean;
}

/** The real app on a fresh database of its own (PGlite or PostgreSQL per PLAZA_TEST_DB). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plaza-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://plaza.test',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // Housekeeping's jobs are tested by calling them; on a timer they would change a test's rows under it.
    HOUSEKEEPING_TICK_MS: '0',
    ...options.env,
  });
  const ownDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const bus = options.bus ?? createInProcessBus();
  const mailer = options.mailer ?? createMailer(config);
  const storage = createObjectStore(config);
  const app = await buildApp({
    config,
    database,
    bus,
    mailer,
    storage,
    linkPreviewFetch: options.linkPreviewFetch,
    logStream: options.logStream,
    clock: options.clock,
    verifyResponses: options.verifyResponses ?? true,
  });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    bus,
    mailer,
    storage,
    config,
    async close() {
      await app.close();
      await bus.close();
      await mailer.close();
      await storage.close();
      if (ownDatabase) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
