/**
 * Link suggestions on the caller's own list of payments (GET /payments/user/{id}): for each
 * unlinked bank line of the page, the model of suggest.ts learned from the caller's earlier
 * links. Those are read in one statement, from the payments that list shows the caller only, and
 * only to initiatives and activities the caller may link to, so a suggestion never names a target
 * they may not choose and no one else's lines teach it anything.
 */
import { desc, sql, type SQL } from 'drizzle-orm';
import type { LinkSuggestion } from '@helder/shared/payments';
import { isAdmin, type Actor } from '@helder/shared/permissions';
import type { Executor } from '../../db/client';
import {
  activities,
  activityOwners,
  grantOverseers,
  initiativeOwners,
  initiatives,
  payments,
} from '../../db/schema';
import { managedBy } from './payments.managed';
import { SuggestionModel, type LearnedLink, type SuggestLine } from './suggest';

/** The newest earlier links are enough to learn from, and keep a call quick. */
const LEARN_FROM = 20_000;

/** The counterparty of a bank line: who was paid, or who paid. */
const counterpartyIban = sql<
  string | null
>`case when ${payments.amountCents} < 0 then ${payments.creditorAccount} else ${payments.debtorAccount} end`;
const counterpartyName = sql<
  string | null
>`case when ${payments.amountCents} < 0 then ${payments.creditorName} else ${payments.debtorName} end`;

/** Our side: the account it was booked on, or our name on a manual payment. */
const ownAccount = sql<
  string | null
>`case when ${payments.amountCents} < 0 then coalesce(${payments.debtorAccount}, ${payments.debtorName})
  else coalesce(${payments.creditorAccount}, ${payments.creditorName}) end`;

/** Initiatives the actor holds link_payment on for all their activities: owned or overseen. */
const wholeInitiatives = (actor: Actor) => sql`(
  select ${initiativeOwners.initiativeId} from ${initiativeOwners}
  where ${initiativeOwners.userId} = ${actor.id}
  union select ${initiatives.id} from ${initiatives}
  join ${grantOverseers} on ${grantOverseers.grantId} = ${initiatives.grantId}
  where ${grantOverseers.userId} = ${actor.id})`;

const ownedActivities = (actor: Actor) => sql`(
  select ${activityOwners.activityId} from ${activityOwners}
  where ${activityOwners.userId} = ${actor.id})`;

/**
 * The caller's earlier links, newest first, as selectLinkableInitiatives and
 * selectLinkableActivities would allow them: the initiative only where the caller may link to
 * it, the activity only where they may link to that too.
 */
async function selectLearnedLinks(db: Executor, actor: Actor): Promise<LearnedLink[]> {
  const admin = isAdmin(actor);
  const initiativeAllowed: SQL | undefined = admin
    ? undefined
    : sql`(${payments.initiativeId} in ${wholeInitiatives(actor)}
        or ${payments.initiativeId} in (select ${activities.initiativeId} from ${activities}
          where ${activities.id} in ${ownedActivities(actor)}))`;
  const activityAllowed = admin
    ? sql`true`
    : sql`(${payments.initiativeId} in ${wholeInitiatives(actor)}
        or ${payments.activityId} in ${ownedActivities(actor)})`;
  const rows = await db
    .select({
      counterpartyIban,
      counterpartyName,
      description: payments.shortUserDescription,
      amountCents: payments.amountCents,
      ownAccount,
      initiativeId: sql<number>`${payments.initiativeId}`,
      initiativeName: sql<string>`${initiatives.name}`,
      activityId: sql<number | null>`case when ${activityAllowed} then ${activities.id} end`,
      activityName: sql<string | null>`case when ${activityAllowed} then ${activities.name} end`,
    })
    .from(payments)
    .innerJoin(initiatives, sql`${initiatives.id} = ${payments.initiativeId}`)
    .leftJoin(
      activities,
      sql`${activities.id} = ${payments.activityId} and ${activities.initiativeId} = ${payments.initiativeId}`,
    )
    .where(sql`${managedBy(actor.id)} and ${initiativeAllowed ?? sql`true`}`)
    .orderBy(desc(payments.bookingDate), desc(payments.id))
    .limit(LEARN_FROM);
  // Oldest first, as the links were made.
  return rows.reverse();
}

export interface SuggestRow extends SuggestLine {
  id: number;
  initiativeId: number | null;
  type: string;
}

/**
 * Suggestions for the page's unlinked bank lines, by payment id; none for manual payments (they
 * always have an initiative) and none for another user's list, whose links are not the caller's.
 */
export async function suggestionsFor(
  db: Executor,
  actor: Actor,
  userId: number,
  rows: readonly SuggestRow[],
): Promise<Map<number, LinkSuggestion>> {
  const result = new Map<number, LinkSuggestion>();
  const open = rows.filter((row) => row.initiativeId === null && row.type !== 'handmatig');
  if (actor.id !== userId || open.length === 0) return result;
  const model = new SuggestionModel(await selectLearnedLinks(db, actor));
  for (const row of open) {
    const s = model.suggest(row);
    if (!s) continue;
    result.set(row.id, {
      initiative_id: s.initiativeId,
      initiative_name: s.initiativeName,
      activity_id: s.activityId,
      activity_name: s.activityName,
      confidence: s.confidence,
      reason: s.reason,
    });
  }
  return result;
}
