import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createBus } from './platform/bus-factory';
import { deferredFailureLog } from './platform/failure-log';
import { createMailer } from './platform/mailer';
import {
  installProcessFailureHandlers,
  processFailureHandlers,
  SHUTDOWN_AFTER_CRASH_MS,
} from './platform/process-failures';
import { createObjectStore } from './platform/storage';
import { describeStartContent, prepareContent } from './seed/on-start';

/** Failures outside a request go to stderr until the app's logger exists, then to the app's log. */
const failureLog = deferredFailureLog();
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
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: failureLog,
    limits: config.database,
  });
  await database.migrate();
  const storage = createObjectStore(config);
  const content = await prepareContent(database, config, storage);
  const bus = await createBus(config, undefined, failureLog);
  const mailer = createMailer(config);
  const app = await buildApp({ config, database, bus, mailer, storage });
  failureLog.use(app.log);
  // The admin login is printed once, on the start that seeds; it is never stored in clear anywhere.
  for (const line of describeStartContent(content)) console.log(line);

  /** One step of the shutdown; a failure is logged and the next step still runs. */
  const step = async (name: string, run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      app.log.error({ err: error, step: name }, 'shutdown step failed');
    }
  };

  let closing = false;
  const shutdown = async (reason: string, exitCode: number) => {
    if (closing) return;
    closing = true;
    process.exitCode = exitCode;
    // After a crash the state is unknown: if closing hangs, leave anyway.
    if (exitCode !== 0) setTimeout(() => process.exit(exitCode), SHUTDOWN_AFTER_CRASH_MS).unref();
    app.log.info({ reason }, 'shutting down: finishing in-flight requests');
    await step('app', () => app.close());
    await step('bus', () => bus.close());
    await step('mailer', () => mailer.close());
    await step('storage', () => storage.close());
    await step('database', () => database.close());
    app.log.info('stopped');
    process.exit(exitCode);
  };
  stopServer = (exitCode) => void shutdown('uncaughtException', exitCode);
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  process.on('SIGINT', () => void shutdown('SIGINT', 0));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: config.publicUrl, database: database.driver }, 'Plaza is running');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
