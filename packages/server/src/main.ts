import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { requireSoleServer, SOLE_SERVER_WAIT_MS, serverApplicationName } from './db/instances';
import { createBus } from './platform/bus-factory';
import { deferredFailureLog } from './platform/failure-log';
import { createMailer } from './platform/mailer';
import {
  installProcessFailureHandlers,
  processFailureHandlers,
  SHUTDOWN_AFTER_CRASH_MS,
} from './platform/process-failures';
import { logDestination, runShutdown } from './platform/shutdown';
import { createObjectStore } from './platform/storage';
import { describeStartContent, prepareContent } from './seed/on-start';

/** Failures outside a request go to stderr until the app's logger exists, then to the app's log. */
const failureLog = deferredFailureLog();
/** The log's lines on standard output: never blocking, dropped when nobody reads them. */
const logStream = logDestination(process.stdout);
// A standard error nobody reads any more (EPIPE) must not become an uncaught exception.
process.stderr.on('error', () => undefined);
/** Set once the server runs; before that an uncaught exception has nothing to finish and exits at once. */
let stopServer: ((exitCode: number) => void) | undefined;
installProcessFailureHandlers(
  processFailureHandlers(failureLog, (exitCode) =>
    stopServer ? stopServer(exitCode) : process.exit(exitCode),
  ),
);

/** Starts Plaza: configuration, database (migrated; demo content where it belongs), app, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  const applicationName = serverApplicationName();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: failureLog,
    limits: config.database,
    applicationName,
  });
  // Several servers on one database share sessions, caches and messages through Redis only.
  if (database.driver === 'postgres' && !config.redisUrl) {
    await requireSoleServer(database.db, applicationName, SOLE_SERVER_WAIT_MS);
  }
  await database.migrate();
  const storage = createObjectStore(config);
  const content = await prepareContent(database, config, storage);
  const bus = await createBus(config, config.redisPrefix, failureLog);
  const mailer = createMailer(config);
  const app = await buildApp({ config, database, bus, mailer, storage, logStream });
  failureLog.use(app.log);
  // The admin login is printed once, on the start that seeds; it is never stored in clear anywhere.
  for (const line of describeStartContent(content)) console.log(line);

  let closing = false;
  /**
   * A rolling restart's end of an instance: `/readyz` answers 503 at once, and on SIGTERM the instance
   * serves on for `SHUTDOWN_DRAIN_MS` while a proxy that checks it stops sending; then it stops
   * listening, finishes the requests in flight, closes its sockets with 1012 (the web client reconnects
   * elsewhere) and stops housekeeping (`app.close()`), closes bus, mailer, storage and database, and
   * exits. Each step is bounded and the whole within `SHUTDOWN_TIMEOUT_MS` (after a crash, whose state
   * is unknown, `SHUTDOWN_AFTER_CRASH_MS` at most), whatever hangs.
   */
  const shutdown = (reason: string, exitCode: number) => {
    if (closing) return;
    closing = true;
    process.exitCode = exitCode;
    app.lifecycle.draining = true;
    const drainMs = reason === 'SIGTERM' ? config.shutdown.drainMs : 0;
    app.log.info({ reason, drainMs }, 'shutting down: draining, then finishing in-flight requests');
    void runShutdown({
      timeoutMs:
        exitCode === 0
          ? config.shutdown.timeoutMs
          : Math.min(config.shutdown.timeoutMs, SHUTDOWN_AFTER_CRASH_MS),
      log: app.log,
      exitCode,
      exit: (code) => process.exit(code),
      steps: [
        { name: 'drain', run: () => new Promise((resolve) => setTimeout(resolve, drainMs)) },
        { name: 'app', run: () => app.close() },
        { name: 'bus', run: () => bus.close() },
        { name: 'mailer', run: () => mailer.close() },
        { name: 'storage', run: () => storage.close() },
        { name: 'database', run: () => database.close() },
        {
          name: 'log',
          run: async () => {
            app.log.info('stopped');
            await logStream.flush(1000);
          },
        },
      ],
    });
  };
  stopServer = (exitCode) => shutdown('uncaughtException', exitCode);
  process.on('SIGTERM', () => shutdown('SIGTERM', 0));
  process.on('SIGINT', () => shutdown('SIGINT', 0));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: config.publicUrl, database: database.driver }, 'Plaza is running');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
