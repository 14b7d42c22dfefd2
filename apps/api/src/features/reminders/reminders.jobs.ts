/**
 * The weekly receipt reminders on the job queue (docs/api-rules.md §17). Every instance
 * schedules the same cron, which pg-boss queues once per tick; what makes it once per week per
 * user is the database: each user's week is claimed with one atomic UPDATE … WHERE … RETURNING
 * before their mail goes out. That also covers what a singletonKey would not: a retry of a run
 * that mailed half its users, a job queued by hand, or two runs in one week.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import type { Jobs } from '../../jobs/queue';
import { signUnsubscribeToken } from '../../lib/jwt';
import type { Mailer } from '../../lib/mail';
import { reminderMail } from './reminders.mails';
import { claimWeek, releaseWeek, selectReminders } from './reminders.queries';

export const REMINDERS_QUEUE = 'receipt-reminders';
/** Mondays at 06:00 UTC: 07:00 in Amsterdam in winter, 08:00 in summer (the cron runs in UTC). */
export const REMINDERS_CRON = '0 6 * * 1';

export interface RemindersDeps {
  db: Executor;
  mail: Mailer;
  clock: () => Date;
  log: FastifyBaseLogger;
  publicUrl: string;
  secret: string;
}

/** The ISO 8601 week (`2026-W48`) of `at` in Amsterdam, where the product's week is. */
export function isoWeek(at: Date): string {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(at)
    .split('-')
    .map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  // The Thursday of the date's week decides its year.
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * Mails every owner with expenses past their receipt, at most once per ISO week, and answers how
 * many were mailed. A failed mail gives its claim back and fails the run, so that pg-boss retries
 * it; the retry mails only those still unclaimed.
 */
export async function sendReceiptReminders(deps: RemindersDeps): Promise<number> {
  const now = deps.clock();
  const week = isoWeek(now);
  let sent = 0;
  let failed: Error | undefined;
  for (const reminder of await selectReminders(deps.db, now, week)) {
    if (!(await claimWeek(deps.db, reminder.userId, week))) continue;
    try {
      const token = await signUnsubscribeToken(deps.secret, reminder.userId, now);
      await deps.mail.send(reminderMail(reminder, deps.publicUrl, token));
      sent++;
    } catch (err) {
      deps.log.warn({ err, userId: reminder.userId }, 'receipt reminder not sent');
      await releaseWeek(deps.db, reminder.userId, week);
      failed ??= err instanceof Error ? err : new Error(String(err));
    }
  }
  deps.log.info({ week, sent }, 'receipt reminders sent');
  if (failed !== undefined) throw failed;
  return sent;
}

/** Works the reminders' queue and schedules them weekly; every instance may call it. */
export async function scheduleReceiptReminders(jobs: Jobs, deps: RemindersDeps) {
  await jobs.work(REMINDERS_QUEUE, async () => {
    await sendReceiptReminders(deps);
  });
  await jobs.schedule(REMINDERS_QUEUE, REMINDERS_CRON);
}
