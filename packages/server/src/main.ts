import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { describeStartContent, prepareContent } from './db/seed/on-start';
import { createBus } from './platform/bus-factory';
import { createMailer } from './platform/mailer';

/** Starts Plaza: configuration, database (migrated; demo content where it belongs), app, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const content = await prepareContent(database, config);
  const bus = await createBus(config);
  const mailer = createMailer(config);
  const app = await buildApp({ config, database, bus, mailer });
  // The admin login is printed once, on the start that seeds; it is never stored in clear anywhere.
  for (const line of describeStartContent(content)) console.log(line);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close();
      await bus.close();
      await mailer.close();
    } finally {
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: config.publicUrl, database: database.driver }, 'Plaza is running');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
