import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isAdmin, type Actor } from '@helder/shared/permissions';
import {
  activities,
  activityOwners,
  grantOverseers,
  grants,
  initiativeOwners,
  initiatives,
  regulationOfficers,
} from '../db/schema';

/**
 * Visibility (docs/api-rules.md §4–7) as SQL building blocks that several features need:
 * initiatives, activities, media, users, grants and regulations. They live here, not in a
 * feature, because the sponsor and user features use them and the initiatives feature depends
 * on those features: importing initiatives from them would be a cycle.
 *
 * Every function takes the columns of the outer row it correlates with; the subqueries use
 * aliased tables, so they never capture a table of the outer query by accident.
 */

/**
 * Wraps a correlated subquery so that its column references stay qualified: when a select has a
 * single table, drizzle strips the table name from the top-level columns of a selected SQL,
 * which would silently re-bind `"initiatives"."id"` to an `"id"` of the subquery's own table.
 */
export const correlated = <T>(inner: SQL): SQL<T> => sql<T>`${inner}`;

/** The columns of an initiative row that visibility needs (a table or an alias of it). */
export interface InitiativeCols {
  id: SQLWrapper;
  grantId: SQLWrapper;
  hidden: SQLWrapper;
  hiddenSponsors: SQLWrapper;
}
export const initiativeCols: InitiativeCols = {
  id: initiatives.id,
  grantId: initiatives.grantId,
  hidden: initiatives.hidden,
  hiddenSponsors: initiatives.hiddenSponsors,
};

/**
 * Admins and financial users read every initiative, activity and payment (docs/api-rules.md §4–5).
 */
export function seesEverything(actor: Actor | null): boolean {
  const admin: boolean = isAdmin(actor); // not a type guard here: no narrowing below
  return admin || actor?.role === 'financial';
}

const officerGrant = alias(grants, 'insider_grant');
const ownedActivity = alias(activities, 'insider_activity');

/** The actor is a grant or policy officer of the initiative's regulation. */
const officerOf = (actorId: number, grantId: SQLWrapper) =>
  correlated<boolean>(sql`exists (
  select 1 from ${regulationOfficers}
  join ${grants} ${officerGrant} on ${officerGrant.regulationId} = ${regulationOfficers.regulationId}
  where ${officerGrant.id} = ${grantId} and ${regulationOfficers.userId} = ${actorId})`);

/** The actor is an overseer (penvoerder) of the grant. */
export const overseerOf = (actorId: number, grantId: SQLWrapper) =>
  correlated<boolean>(sql`exists (
  select 1 from ${grantOverseers}
  where ${grantOverseers.grantId} = ${grantId} and ${grantOverseers.userId} = ${actorId})`);

/** The actor owns the initiative. */
export const initiativeOwnerOf = (actorId: number, initiativeId: SQLWrapper) =>
  correlated<boolean>(sql`exists (
  select 1 from ${initiativeOwners}
  where ${initiativeOwners.initiativeId} = ${initiativeId}
    and ${initiativeOwners.userId} = ${actorId})`);

/** The actor owns some activity of the initiative. */
export const anyActivityOwnerOf = (actorId: number, initiativeId: SQLWrapper) =>
  correlated<boolean>(sql`exists (
  select 1 from ${activityOwners}
  join ${activities} ${ownedActivity} on ${ownedActivity.id} = ${activityOwners.activityId}
  where ${ownedActivity.initiativeId} = ${initiativeId} and ${activityOwners.userId} = ${actorId})`);

/** The actor owns this activity. */
export const activityOwnerOf = (actorId: number, activityId: SQLWrapper) =>
  correlated<boolean>(sql`exists (
  select 1 from ${activityOwners}
  where ${activityOwners.activityId} = ${activityId} and ${activityOwners.userId} = ${actorId})`);

const belowGrant = alias(grants, 'below_grant');
const belowInitiative = alias(initiatives, 'below_initiative');
const belowActivity = alias(activities, 'below_activity');

/**
 * The actor oversees a grant of the regulation, or owns an initiative or an activity under one:
 * an insider of some of its initiatives other than by being its officer. Asked from the actor's
 * own links (a few rows), not from the regulation's initiatives (thousands).
 */
export function overseesOrOwnsUnder(actor: Actor | null, regulationId: SQLWrapper): SQL<boolean> {
  if (actor === null) return sql<boolean>`false`;
  const under = sql`${belowGrant.regulationId} = ${regulationId}`;
  return correlated<boolean>(sql`(exists (
  select 1 from ${grantOverseers}
  join ${grants} ${belowGrant} on ${belowGrant.id} = ${grantOverseers.grantId}
  where ${under} and ${grantOverseers.userId} = ${actor.id})
or exists (
  select 1 from ${initiativeOwners}
  join ${initiatives} ${belowInitiative} on ${belowInitiative.id} = ${initiativeOwners.initiativeId}
  join ${grants} ${belowGrant} on ${belowGrant.id} = ${belowInitiative.grantId}
  where ${under} and ${initiativeOwners.userId} = ${actor.id})
or exists (
  select 1 from ${activityOwners}
  join ${activities} ${belowActivity} on ${belowActivity.id} = ${activityOwners.activityId}
  join ${initiatives} ${belowInitiative} on ${belowInitiative.id} = ${belowActivity.initiativeId}
  join ${grants} ${belowGrant} on ${belowGrant.id} = ${belowInitiative.grantId}
  where ${under} and ${activityOwners.userId} = ${actor.id}))`);
}

/** insiders(I) of docs/api-rules.md §4 as one SQL boolean for the initiative row `i`. */
export function insiderOf(
  actor: Actor | null,
  i: Pick<InitiativeCols, 'id' | 'grantId'>,
): SQL<boolean> {
  if (actor === null) return sql<boolean>`false`;
  if (seesEverything(actor)) return sql<boolean>`true`;
  return sql<boolean>`(${officerOf(actor.id, i.grantId)}
    or ${overseerOf(actor.id, i.grantId)}
    or ${initiativeOwnerOf(actor.id, i.id)}
    or ${anyActivityOwnerOf(actor.id, i.id)})`;
}

/**
 * An initiative is visible to anyone unless hidden; hidden ones to insiders (docs/api-rules.md §7).
 */
export function initiativeVisible(actor: Actor | null, i: InitiativeCols = initiativeCols): SQL {
  if (seesEverything(actor)) return sql`true`;
  return correlated(sql`(${i.hidden} = false or ${insiderOf(actor, i)})`);
}

/**
 * The initiative's link to its grant, and so to its regulation and funder, is visible: to anyone
 * unless the initiative hides its sponsors, then to its insiders only (docs/api-rules.md §6).
 * Whatever a sponsor shows of its initiatives (names, counts, first id, money) goes through this,
 * so that no grant or regulation page reveals the link the initiative's own page hides.
 */
export function sponsorLinkVisible(actor: Actor | null, i: InitiativeCols = initiativeCols): SQL {
  if (seesEverything(actor)) return sql`true`;
  return correlated(sql`(${i.hiddenSponsors} = false or ${insiderOf(actor, i)})`);
}

/** A sponsor names and counts an initiative when both it and its sponsor link are visible. */
export const listedUnderSponsor = (actor: Actor | null, i: InitiativeCols = initiativeCols) =>
  and(initiativeVisible(actor, i), sponsorLinkVisible(actor, i))!;

/** An activity is visible when it and its initiative are not hidden; otherwise to insiders. */
export function activityVisible(
  actor: Actor | null,
  activityHidden: SQLWrapper,
  i: InitiativeCols = initiativeCols,
): SQL {
  if (seesEverything(actor)) return sql`true`;
  return correlated(
    sql`((${i.hidden} = false and ${activityHidden} = false) or ${insiderOf(actor, i)})`,
  );
}

/**
 * A payment linked to initiative `i` is visible when neither it, its activity nor its initiative
 * is hidden; otherwise to insiders of the initiative, financial users and admins
 * (docs/api-rules.md §5, §7). `activityHidden` may be null (no activity).
 */
export function paymentVisible(
  actor: Actor | null,
  paymentHidden: SQLWrapper,
  activityHidden: SQLWrapper,
  i: InitiativeCols = initiativeCols,
): SQL {
  if (seesEverything(actor)) return sql`true`;
  return correlated(sql`((${paymentHidden} = false and ${i.hidden} = false
      and coalesce(${activityHidden}, false) = false)
    or ${insiderOf(actor, i)})`);
}
