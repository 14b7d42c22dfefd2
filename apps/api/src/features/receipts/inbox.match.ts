/**
 * Which payments an inbox receipt may belong to (docs/api-rules.md §22), for a whole list in one
 * statement: the expenses of the receipt's amount booked within MATCH_DAYS of its date, in the
 * receipt's initiative (or anywhere, for one dropped on the caller's own payments). Only payments
 * the caller may add attachments to are read: the statement keeps to the initiatives and
 * activities they hold a relation to, and each row passes the Payment edit rule before it is
 * ranked, so a receipt that fits a payment hidden from the caller shows no candidate at all.
 */
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { centsToEuros } from '@helder/shared/money';
import { can, isAdmin, type Actor } from '@helder/shared/permissions';
import { MATCH_DAYS, MAX_CANDIDATES, type MatchCandidate } from '@helder/shared/receipts';
import type { Executor } from '../../db/client';
import {
  activities,
  grants,
  initiatives,
  paymentAttachments,
  payments,
  receiptInbox,
  regulationOfficers,
} from '../../db/schema';
import { activityOfPayment, managedBy, paymentRelationColumns, paymentSubject } from '../payments';

/** The receipt's day and amount as the reading proposed them. */
const receiptDay = sql`(${receiptInbox.fields} #>> '{date,value}')::date`;
const receiptCents = sql`(${receiptInbox.fields} #>> '{amountCents,value}')::bigint`;
/** The calendar day a payment was booked on, in Amsterdam (docs/api-rules.md §1). */
const bookingDay = sql`(${payments.bookingDate} at time zone 'Europe/Amsterdam')::date`;
const amsterdamDay = (day: SQL, plusDays: number) =>
  sql`((${day} + ${plusDays}::int)::timestamp at time zone 'Europe/Amsterdam')`;

/**
 * The payments the actor may edit, narrowed in SQL: those `managedBy` lists (owned initiatives
 * and activities, overseen grants, own accounts) and those of regulations they are grant officer
 * of. The edit rule then decides on each row.
 */
function editableBy(userId: number): SQL {
  return sql`(${managedBy(userId)} or ${payments.initiativeId} = any(array(
    select ${initiatives.id} from ${initiatives}
    join ${grants} on ${grants.id} = ${initiatives.grantId}
    join ${regulationOfficers} on ${regulationOfficers.regulationId} = ${grants.regulationId}
    where ${regulationOfficers.userId} = ${userId}
      and ${regulationOfficers.role} = 'grant officer')))`;
}

/** Lower-case words of at least three letters or digits. */
const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3);

/** The shop's name is the counterparty's, or a word of one starts a word of the other. */
function namesMatch(shop: string | null, counterparty: string): boolean {
  if (!shop) return false;
  const theirs = words(counterparty);
  return words(shop).some((w) => theirs.some((c) => c.startsWith(w) || w.startsWith(c)));
}

type Ranked = Omit<MatchCandidate, 'best'>;

/** Without a receipt first, then the nearest day, then a matching name. */
const rankKey = (c: Ranked) => [c.has_receipt ? 1 : 0, c.days, c.name_match ? 0 : 1];
const compare = (a: Ranked, b: Ranked) => {
  const [x, y] = [rankKey(a), rankKey(b)];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
};

/**
 * The ranked candidates of one receipt: the first ones that rank equal are `best`; only a single
 * best one is proposed, so two payments the rules cannot tell apart are left to the person.
 */
export function rank(candidates: Ranked[]) {
  const sorted = [...candidates].sort((a, b) => compare(a, b) || a.payment.id - b.payment.id);
  const top = sorted[0];
  const ranked = sorted
    .slice(0, MAX_CANDIDATES)
    .map((c) => ({ ...c, best: top !== undefined && compare(c, top) === 0 }));
  const best = ranked.filter((c) => c.best);
  return { candidates: ranked, proposed: best.length === 1 ? best[0]!.payment.id : null };
}

/** The candidates of every read receipt of `receiptIds`, per receipt: one statement. */
export async function candidatesFor(
  db: Executor,
  actor: Actor,
  receiptIds: number[],
): Promise<Map<number, Ranked[]>> {
  const found = new Map<number, Ranked[]>();
  if (receiptIds.length === 0) return found;
  const userId = actor.id;
  const editable = isAdmin(actor) ? undefined : editableBy(userId);
  const rows = await db
    .select({
      receiptId: receiptInbox.id,
      shop: sql<string | null>`${receiptInbox.fields} #>> '{shop,value}'`,
      days: sql<number>`abs(${bookingDay} - ${receiptDay})`.mapWith(Number),
      hasReceipt: sql<boolean>`exists (select 1 from ${paymentAttachments}
        where ${paymentAttachments.paymentId} = ${payments.id})`,
      id: payments.id,
      type: payments.type,
      hidden: payments.hidden,
      amountCents: payments.amountCents,
      bookingDate: payments.bookingDate,
      creditorName: payments.creditorName,
      shortUserDescription: payments.shortUserDescription,
      initiativeId: payments.initiativeId,
      activityId: payments.activityId,
      initiativeName: initiatives.name,
      initiativeHidden: initiatives.hidden,
      activityName: activities.name,
      activityHidden: activities.hidden,
      ...paymentRelationColumns(actor),
    })
    .from(receiptInbox)
    .innerJoin(
      payments,
      and(
        eq(payments.amountCents, sql`-${receiptCents}`),
        sql`${payments.bookingDate} >= ${amsterdamDay(receiptDay, -MATCH_DAYS)}`,
        sql`${payments.bookingDate} < ${amsterdamDay(receiptDay, MATCH_DAYS + 1)}`,
        sql`(${receiptInbox.initiativeId} is null
          or ${payments.initiativeId} = ${receiptInbox.initiativeId})`,
      ),
    )
    .innerJoin(initiatives, eq(initiatives.id, payments.initiativeId))
    .innerJoin(grants, eq(grants.id, initiatives.grantId))
    .leftJoin(activities, activityOfPayment)
    .where(
      and(
        inArray(receiptInbox.id, receiptIds),
        eq(receiptInbox.uploadedBy, userId),
        eq(receiptInbox.status, 'done'),
        isNotNull(sql`${receiptInbox.fields} #>> '{amountCents,value}'`),
        isNotNull(sql`${receiptInbox.fields} #>> '{date,value}'`),
        editable,
      ),
    )
    .orderBy(asc(receiptInbox.id), asc(payments.id));
  for (const row of rows) {
    if (!can(actor, 'edit', paymentSubject(row))) continue;
    const list = found.get(row.receiptId) ?? [];
    const counterparty = row.creditorName ?? '';
    list.push({
      payment: {
        id: row.id,
        booking_date: row.bookingDate.toISOString(),
        transaction_amount: centsToEuros(row.amountCents),
        counterparty,
        short_user_description: row.shortUserDescription ?? '',
        initiative_id: row.initiativeId!,
        initiative_name: row.initiativeName,
        activity_id: row.activityId,
        activity_name: row.activityName,
      },
      days: row.days,
      has_receipt: row.hasReceipt,
      name_match: namesMatch(row.shop, counterparty),
    });
    found.set(row.receiptId, list);
  }
  return found;
}
