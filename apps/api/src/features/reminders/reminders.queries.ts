/**
 * Who gets a receipt reminder this week and about what (docs/api-rules.md §17): one statement
 * selects every owner's expenses without a receipt; one statement per user claims the week.
 */
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Language } from '@helder/shared/languages';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

/** An expense waits this long for its receipt before its owners are reminded. */
export const REMIND_AFTER_DAYS = 14;
/** The lines one mail lists; it says how many more there are. */
export const LINES_PER_MAIL = 50;

export interface ReminderLine {
  paymentId: number;
  bookingDate: Date;
  amountCents: number;
  counterparty: string | null;
  initiativeId: number;
  initiativeName: string;
  activityId: number | null;
  activityName: string | null;
}

export interface Reminder {
  userId: number;
  email: string;
  language: Language;
  /** All the user's expenses without a receipt; `lines` holds the first LINES_PER_MAIL. */
  total: number;
  lines: ReminderLine[];
}

interface Row {
  user_id: number;
  email: string;
  language: Language;
  total: number | string;
  payment_id: number;
  booking_date: Date | string;
  amount_cents: number | string;
  counterparty: string | null;
  initiative_id: number;
  initiative_name: string;
  activity_id: number | null;
  activity_name: string | null;
}

/**
 * Per active user who wants reminders and has none yet for `week`: the expenses (negative
 * amounts, docs/api-rules.md §8) booked more than REMIND_AFTER_DAYS before `now` that have no
 * attachment, on the initiatives they own and the activities they own, oldest first; a payment
 * on an owned activity of an owned initiative is listed once. Owners are insiders, so hidden
 * payments count. A deleted payment is gone, and one of a deleted initiative is unlinked.
 */
export async function selectReminders(db: Executor, now: Date, week: string): Promise<Reminder[]> {
  const before = new Date(now.getTime() - REMIND_AFTER_DAYS * 24 * 3_600_000);
  const result = (await db.execute(sql`
    with owned as (
      select o.user_id, p.id as payment_id
        from initiative_owners o join payments p on p.initiative_id = o.initiative_id
      union
      select o.user_id, p.id
        from activity_owners o join payments p on p.activity_id = o.activity_id
    ),
    due as (
      select u.id as user_id, u.email, u.language, p.id as payment_id, p.booking_date,
        p.amount_cents, p.creditor_name as counterparty, i.id as initiative_id,
        i.name as initiative_name, a.id as activity_id, a.name as activity_name,
        count(*) over (partition by u.id) as total,
        row_number() over (partition by u.id order by p.booking_date, p.id) as n
      from owned
      join users u on u.id = owned.user_id
      join payments p on p.id = owned.payment_id
      join initiatives i on i.id = p.initiative_id
      left join activities a on a.id = p.activity_id
      where u.receipt_reminders and u.is_active
        and u.receipt_reminded_week is distinct from ${week}
        and p.amount_cents < 0
        and p.booking_date < ${before.toISOString()}::timestamptz
        and not exists (select 1 from payment_attachments pa where pa.payment_id = p.id)
    )
    select * from due where n <= ${LINES_PER_MAIL} order by user_id, n`)) as { rows: Row[] };

  const reminders: Reminder[] = [];
  for (const row of result.rows) {
    let last = reminders.at(-1);
    if (last?.userId !== row.user_id) {
      last = {
        userId: row.user_id,
        email: row.email,
        language: row.language,
        total: Number(row.total),
        lines: [],
      };
      reminders.push(last);
    }
    last.lines.push({
      paymentId: row.payment_id,
      bookingDate: new Date(row.booking_date),
      amountCents: Number(row.amount_cents),
      counterparty: row.counterparty,
      initiativeId: row.initiative_id,
      initiativeName: row.initiative_name,
      activityId: row.activity_id,
      activityName: row.activity_name,
    });
  }
  return reminders;
}

/**
 * Claims the user's reminder of `week` in one atomic statement: of two instances (or a retry)
 * running at once, exactly one gets true.
 */
export async function claimWeek(db: Executor, userId: number, week: string): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({ receiptRemindedWeek: week })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.receiptRemindedWeek), ne(users.receiptRemindedWeek, week)),
      ),
    )
    .returning({ id: users.id });
  return claimed.length > 0;
}

/**
 * Gives a claimed week back after its mail failed, so that a retry sends it; which week came
 * before does not matter, only whether this one was sent.
 */
export async function releaseWeek(db: Executor, userId: number, week: string) {
  await db
    .update(users)
    .set({ receiptRemindedWeek: null })
    .where(and(eq(users.id, userId), eq(users.receiptRemindedWeek, week)));
}
