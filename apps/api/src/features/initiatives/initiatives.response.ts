import { centsToEuros } from '@helder/shared/money';
import type { Initiative, Owner } from '@helder/shared/initiatives';
import { can, type Actor, type Subject } from '@helder/shared/permissions';
import type { Ctx } from '../../http/context';
import { figuresInEuros } from '../../lib/figures';
import { signedPicture } from '../../lib/pictures';
import { toInitiativeRelations, type InitiativeRow, type OwnerRow } from './initiatives.queries';

/** The response shape of an owner: e-mail for logged-in callers, signed picture URLs. */
export function toOwner(
  ctx: Pick<Ctx, 'actor' | 'config' | 'clock' | 'fileBase'>,
  row: OwnerRow,
): Owner {
  return {
    id: row.id,
    ...(ctx.actor !== null ? { email: row.email } : {}),
    first_name: row.first_name,
    last_name: row.last_name,
    profile_picture: row.picture_key ? signedPicture(ctx, row.picture_key) : null,
  };
}

type InitiativeSubject = Extract<Subject, { type: 'Initiative' }>;

export const initiativeSubject = (
  row: Pick<InitiativeRow, 'hidden'> & Parameters<typeof toInitiativeRelations>[0],
): InitiativeSubject => ({
  type: 'Initiative',
  hidden: row.hidden,
  relations: toInitiativeRelations(row),
});

/** Insiders (docs/api-rules.md §4) are exactly those who may read the initiative when hidden. */
const isInsider = (actor: Actor | null, subject: InitiativeSubject) =>
  can(actor, 'read', { ...subject, hidden: true });

/**
 * What a spending unit (an initiative or an activity) is and is for: the first fields of its
 * response (the response schema puts them first). Spread it after a field of the mapper's own,
 * never first: see docs/architecture.md, Services.
 */
export const aboutUnit = (row: {
  id: number;
  name: string;
  description: string;
  purpose: string;
  targetAudience: string;
}) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  purpose: row.purpose,
  target_audience: row.targetAudience,
});

/**
 * The one mapper from an initiative row to the response (docs/api-rules.md §6, §8). Fields the
 * caller may not see are undefined, which the response schema leaves out.
 */
export function toInitiative(ctx: Ctx, row: InitiativeRow): Initiative {
  const insider = isInsider(ctx.actor, initiativeSubject(row));
  const showSponsors = !row.hiddenSponsors || insider;
  return {
    owner: row.owner,
    ...aboutUnit(row),
    legal_entity: row.legalEntity,
    kvk_registration: row.kvkRegistration,
    location: row.location,
    hidden: row.hidden,
    owner_email: insider ? row.ownerEmail : undefined,
    address_applicant: insider ? row.addressApplicant : undefined,
    hidden_sponsors: insider ? row.hiddenSponsors : undefined,
    sponsors_hidden: !showSponsors,
    ...figuresInEuros(row),
    profile_picture: row.pictureKey ? signedPicture(ctx, row.pictureKey) : null,
    grant: showSponsors
      ? {
          id: row.grantId,
          name: row.grantName,
          reference: row.grantReference,
          budget: centsToEuros(row.grantBudgetCents),
          regulation: { id: row.regulationId, name: row.regulationName },
          funder: {
            id: row.funderId,
            name: row.funderName,
            logo: row.funderLogoKey ? signedPicture(ctx, row.funderLogoKey) : null,
          },
          verantwoordelijk: row.verantwoordelijk ?? undefined,
          verantwoordelijkheid: row.verantwoordelijkheid ?? undefined,
        }
      : undefined,
    initiative_owners: row.owners.map((o) => toOwner(ctx, o)),
    activities: row.activities.map((a) => ({
      id: a.id,
      name: a.name,
      budget: centsToEuros(a.budget_cents),
      income: centsToEuros(a.income_cents),
      expenses: centsToEuros(a.expenses_cents),
      hidden: a.hidden,
    })),
  };
}
