/**
 * Sums the income and expenses of every initiative and activity again from their payments and
 * corrects any that differ from what the payment triggers kept (ADR 0013):
 *
 *   npm run totals:repair
 *
 * Payment writes wait while it runs. Opens the database directly, so with embedded PGlite the
 * server must not be running.
 */
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { repairTotals } from '../features/initiatives';
import { runCommand } from './run-command';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const fixed = await database.db.transaction((tx) => repairTotals(tx));
    console.log(
      fixed === 0
        ? 'Every total agrees with its payments; nothing was changed.'
        : `Corrected the totals of ${fixed} initiatives and activities.`,
    );
  } finally {
    await database.close();
  }
}

runCommand('totals:repair', main);
