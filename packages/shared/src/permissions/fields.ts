import { can, isAdmin, isManager } from './rules';
import type { Actor, Subject } from './types';

/**
 * Field-level edit rules (docs/api-rules.md §6): which body fields the caller may PATCH. A PATCH
 * that changes any other field is refused with 403; unchanged echoed values are ignored.
 */
export const USER_SELF_FIELDS = [
  'first_name',
  'last_name',
  'biography',
  'email',
  'password',
  'receipt_reminders',
  'language',
] as const;
/** The user's own choices: nobody else, admins included, makes them. */
const USER_OWN_FIELDS: readonly string[] = ['password', 'receipt_reminders', 'language'];
export const USER_ADMIN_FIELDS = ['role', 'is_active', 'hidden'] as const;

export const INITIATIVE_FIELDS = [
  'name',
  'description',
  'purpose',
  'target_audience',
  'owner',
  'owner_email',
  'legal_entity',
  'address_applicant',
  'kvk_registration',
  'location',
  'budget',
  'hidden',
  'hidden_sponsors',
] as const;
export const ACTIVITY_FIELDS = [
  'name',
  'description',
  'purpose',
  'target_audience',
  'budget',
  'hidden',
] as const;
/** What owners of an initiative (or activity) may change about it. */
export const STORY_FIELDS = ['description', 'purpose', 'target_audience'] as const;

export const PAYMENT_USER_FIELDS = [
  'short_user_description',
  'long_user_description',
  'hidden',
  'hide_counterparty',
] as const;
export const PAYMENT_BANK_FIELDS = [
  'transaction_amount',
  'booking_date',
  'creditor_name',
  'creditor_account',
  'debtor_name',
  'debtor_account',
  'route',
] as const;

export function editableFields(actor: Actor | null, subject: Subject): string[] {
  if (actor === null) return [];
  switch (subject.type) {
    case 'User': {
      if (!can(actor, 'edit', subject)) return [];
      const self = actor.id === subject.id;
      const fields: string[] = self
        ? [...USER_SELF_FIELDS]
        : USER_SELF_FIELDS.filter((f) => !USER_OWN_FIELDS.includes(f));
      if (isAdmin(actor)) fields.push(...USER_ADMIN_FIELDS);
      if (actor.isSuperuser) fields.push('is_superuser');
      return fields;
    }
    case 'Funder':
      return isAdmin(actor) ? ['name', 'url'] : [];
    case 'Regulation':
      return isAdmin(actor) ? ['name', 'description', 'review_enabled'] : [];
    case 'Grant':
      return can(actor, 'edit', subject) ? ['name', 'reference', 'budget'] : [];
    case 'Initiative':
      if (isManager(actor, subject.relations)) return [...INITIATIVE_FIELDS];
      return subject.relations.includes('initiative_owner') ? [...STORY_FIELDS] : [];
    case 'Activity':
      if (isManager(actor, subject.relations) || subject.relations.includes('initiative_owner')) {
        return [...ACTIVITY_FIELDS];
      }
      return subject.relations.includes('activity_owner') ? [...STORY_FIELDS] : [];
    case 'Payment':
      if (!can(actor, 'edit', subject)) return [];
      return subject.manual
        ? [...PAYMENT_BANK_FIELDS, ...PAYMENT_USER_FIELDS]
        : [...PAYMENT_USER_FIELDS];
    case 'BankAccount':
      return [];
  }
}
