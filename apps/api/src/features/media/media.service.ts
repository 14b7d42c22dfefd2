import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Attachment } from '@helder/shared/media';
import { activities, initiatives, paymentAttachments, payments } from '../../db/schema';
import type { Ctx } from '../../http/context';
import { signFileUrl } from '../../lib/file-urls';
import { paymentVisible } from '../../lib/initiative-sql';
import { pictureUrls } from '../../lib/pictures';
import { findActivity, type ActivityPath } from '../activities';
import { findInitiative } from '../initiatives';

interface Paging {
  offset: number;
  limit: number;
}

/**
 * Attachments of the payments matching `where` that the caller may see (docs/api-rules.md §7, §11),
 * newest first, one page in one statement; URLs absolute and signed (PDFs without thumbnails).
 */
async function mediaPage(ctx: Ctx, where: SQL, paging: Paging): Promise<Attachment[]> {
  const rows = await ctx.db
    .select({ id: paymentAttachments.id, key: paymentAttachments.storageKey })
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
  return rows.map((row) => ({ id: row.id, ...pictureUrls(row.key, sign) }));
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
