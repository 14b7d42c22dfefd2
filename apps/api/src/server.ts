import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import type { AddressInfo } from 'node:net';
import { linkDemoBank } from './features/bank-accounts/links/demo-link';
import { configuredBank } from './features/bank-accounts/providers/configured';
import { startJobs } from './jobs/queue';
import { exitOnFatalErrors } from './lib/fatal';
import { createMailer } from './lib/mail';
import { createStorage } from './lib/storage';
import { demoAccountsTable, demoPassword, seedDemo } from './db/seed';
import pino from 'pino';

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  exitOnFatalErrors(log);
  const database = await openDatabase({
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.dataDir,
    onConnectionError: (err) => log.warn({ err }, 'database connection failed'),
  });
  const mail = createMailer(
    { smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir },
    log,
  );
  const storage = createStorage(config);
  if (config.seedDemo) await seedDemo({ db: database.db, log, config, storage });

  // After the migrations (openDatabase); the app stops the queue as it closes.
  const jobs = await startJobs({ database, log });
  const bank = await configuredBank(config, log);
  const app = await buildApp({ config, database, mail, storage, logger: log, jobs, bank });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  log.info(`Helder is running on ${config.publicUrl} (${database.kind})`);
  if (config.seedDemo && bank.sandbox) {
    const local = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    await linkDemoBank(local, demoPassword(config), log).catch((err: unknown) =>
      log.warn({ err }, 'demo: the sandbox bank was not linked'),
    );
  }
  if (config.seedDemo) console.log(`\n${demoAccountsTable(demoPassword(config))}\n`);
}

main().catch((e: unknown) => {
  if (e instanceof ConfigError || e instanceof DataDirLockedError) {
    console.error(e.message);
  } else {
    console.error(e);
  }
  process.exit(1);
});
