import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Medium } from '@helder/shared/media';
import { centsToEuros } from '@helder/shared/money';
import { counterpartySide } from '@helder/shared/payments';
import { activities, initiatives, paymentAttachments, payments } from '../../db/schema';
import type { Ctx } from '../../http/context';
import { signFileUrl } from '../../lib/file-urls';
import { paymentVisible } from '../../lib/initiative-sql';
import { pictureUrls } from '../../lib/pictures';
import { findActivity, type ActivityPath } from '../activities';
import { findInitiative } from '../initiatives';
import { forThePublic, readsPrivate } from '../payments';

interface Paging {
  offset: number;
  limit: number;
}

/**
 * Attachments of the payments matching `where` that the caller may see (docs/api-rules.md §7, §11),
 * newest first, one page in one statement; URLs absolute and signed (PDFs without thumbnails). Each
 * carries the facts of its payment for its caption, read in the same statement, as the caller may
 * read them (docs/api-rules.md §6).
 */
async function mediaPage(ctx: Ctx, where: SQL, paging: Paging): Promise<Medium[]> {
  const rows = await ctx.db
    .select({
      id: paymentAttachments.id,
      key: paymentAttachments.storageKey,
      paymentId: payments.id,
      bookingDate: payments.bookingDate,
      amountCents: payments.amountCents,
      route: payments.route,
      hideCounterparty: payments.hideCounterparty,
      creditorName: payments.creditorName,
      debtorName: payments.debtorName,
      shortUserDescription: payments.shortUserDescription,
      activityId: payments.activityId,
    })
    .from(paymentAttachments)
    .innerJoin(payments, eq(payments.id, paymentAttachments.paymentId))
    .innerJoin(initiatives, eq(initiatives.id, payments.initiativeId))
    .leftJoin(activities, eq(activities.id, payments.activityId))
    .where(and(where, paymentVisible(ctx.actor, payments.hidden, activities.hidden)))
    .orderBy(desc(paymentAttachments.id))
    .offset(paging.offset)
    .limit(paging.limit);
  const now = ctx.clock();
  const sign = (key: string) => signFileUrl(ctx.fileBase, ctx.config.secretKey, key, now);
  const own = readsPrivate(ctx);
  return rows.map((row) => {
    const shown = own ? row : forThePublic(row);
    const side = counterpartySide(row.route);
    return {
      id: row.id,
      ...pictureUrls(row.key, sign),
      payment: {
        id: row.paymentId,
        booking_date: row.bookingDate.toISOString(),
        transaction_amount: centsToEuros(row.amountCents),
        counterparty: (side === 'creditor' ? shown.creditorName : shown.debtorName) ?? '',
        activity_id: row.activityId,
      },
    };
  });
}

/** Media of an initiative: its payments' attachments, its activities' included (404 if hidden). */
export async function initiativeMedia(ctx: Ctx, id: number, paging: Paging) {
  await findInitiative(ctx, id);
  return mediaPage(ctx, eq(payments.initiativeId, id), paging);
}

/** Media of an activity: its payments' attachments (404 if it is hidden from the caller). */
export async function activityMedia(ctx: Ctx, path: ActivityPath, paging: Paging) {
  const activity = await findActivity(ctx, path);
  return mediaPage(
    ctx,
    and(eq(payments.initiativeId, activity.initiativeId), eq(payments.activityId, activity.id))!,
    paging,
  );
}
