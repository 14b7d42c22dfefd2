/**
 * The bank's work on the job queue: each account's sync is a job (one queued at a time per
 * account and kind), and a tick every five minutes queues the accounts that are due and mails
 * owners whose consent ends soon. Every instance works the same queue; the daily call budget is
 * kept in the database, so however many run, no account gets a fifth call in a day.
 */
import type { Executor } from '../../../db/client';
import type { Jobs } from '../../../jobs/queue';
import type { Mailer } from '../../../lib/mail';
import type { BankProvider, PresentUser } from '../providers/provider';
import { dueAccounts, warnExpiringConsents } from './bank-schedule';
import { cachedInstitutions, type BankService } from './bank-service';
import { syncAccount, type SyncDeps } from './bank-sync';

const SYNC_QUEUE = 'bank-sync';
const TICK_QUEUE = 'bank-tick';
const TICK_CRON = '*/5 * * * *';

interface SyncJob {
  accountId: number;
  user: PresentUser | null;
}

/** A sync whose process dies is tried again after this long; it imports nothing twice. */
const SYNC_EXPIRE_SECONDS = 10 * 60;

export interface BankingDeps {
  db: Executor;
  provider: BankProvider;
  clock: () => Date;
  log: SyncDeps['log'];
  mail: Mailer;
  publicUrl: string;
  /** Without a queue (tests), a sync runs at once, while the caller waits. */
  jobs: Jobs | null;
}

export async function startBanking(deps: BankingDeps): Promise<BankService> {
  const { db, provider, clock, log, mail, publicUrl, jobs } = deps;
  const sync = (accountId: number, user: PresentUser | null) =>
    syncAccount({ db, provider, clock, log }, accountId, user);
  const service = (enqueueSync: BankService['enqueueSync']): BankService => ({
    provider,
    enqueueSync,
    institutions: cachedInstitutions(provider),
  });
  if (!jobs) {
    return service(async (accountId, user) => {
      await sync(accountId, user);
    });
  }
  const enqueue = async (accountId: number, user: PresentUser | null) => {
    // A sync for a present user is its own kind: a scheduled one already queued must not
    // swallow it, or the bank would not hear that the user is there.
    const kind = user ? 'present' : 'scheduled';
    await jobs.send<SyncJob>(
      SYNC_QUEUE,
      { accountId, user },
      {
        singletonKey: `${accountId}:${kind}`,
        retryLimit: 2,
        retryDelaySeconds: 60,
        expireInSeconds: SYNC_EXPIRE_SECONDS,
      },
    );
  };
  await jobs.work<SyncJob>(
    SYNC_QUEUE,
    async ({ accountId, user }) => {
      await sync(accountId, user);
    },
    { concurrency: 2 },
  );
  await jobs.work(TICK_QUEUE, async () => {
    const now = clock();
    for (const accountId of await dueAccounts(db, provider.name, now)) {
      await enqueue(accountId, null);
    }
    await warnExpiringConsents(db, mail, publicUrl, now);
  });
  await jobs.schedule(TICK_QUEUE, TICK_CRON);
  return service(enqueue);
}
