import type { Actor, ActionOf, Relation, Relations, Subject } from './types';

/**
 * The one permission policy (docs/api-rules.md §4–6). The API enforces it, `entity-access` reports
 * it, and the web only uses it to hide buttons.
 */

export const isAdmin = (a: Actor | null): a is Actor =>
  a !== null && (a.role === 'administrator' || a.isSuperuser);
const isFinancial = (a: Actor | null) => a !== null && a.role === 'financial';
const has = (relations: Relations, ...wanted: Relation[]) =>
  wanted.some((r) => relations.includes(r));

/** managers(I) = admins ∪ grant officers of the regulation. */
const isManager = (a: Actor | null, r: Relations) => isAdmin(a) || has(r, 'grant_officer');
/** insiders(I) = managers ∪ policy officers ∪ overseers ∪ owners ∪ activity owners ∪ financial. */
const isInsider = (a: Actor | null, r: Relations) =>
  a !== null &&
  (isManager(a, r) ||
    isFinancial(a) ||
    has(
      r,
      'policy_officer',
      'overseer',
      'initiative_owner',
      'activity_owner',
      'any_activity_owner',
    ));

type Rule<S> = (actor: Actor | null, subject: S) => boolean;
type SubjectOf<T extends Subject['type']> = Extract<Subject, { type: T }>;
type Policy = { [T in Subject['type']]: Record<ActionOf<T>, Rule<SubjectOf<T>>> };

const admins: Rule<unknown> = (a) => isAdmin(a);
const anyone: Rule<unknown> = () => true;

const canEditUser: Rule<SubjectOf<'User'>> = (a, u) => {
  if (a === null) return false;
  if (a.id === u.id) return true;
  return isAdmin(a) && (!u.isSuperuser || a.isSuperuser);
};

const canEditPayment: Rule<SubjectOf<'Payment'>> = (a, p) =>
  a !== null &&
  (isAdmin(a) ||
    has(p.relations, 'grant_officer', 'overseer') ||
    (p.hasInitiative && has(p.relations, 'initiative_owner')) ||
    (p.hasActivity && has(p.relations, 'activity_owner')));

/**
 * Who reviews a funder's expenses (docs/api-rules.md §20): admins, the regulation's officers and
 * the grant's overseers, but never the initiative's owners or the payment's activity owners:
 * no one approves their own spending.
 */
const isReviewer = (a: Actor | null, p: SubjectOf<'Payment'>) =>
  a !== null &&
  !has(p.relations, 'initiative_owner', 'activity_owner') &&
  (isAdmin(a) || has(p.relations, 'grant_officer', 'policy_officer', 'overseer'));

/**
 * An approved expense is locked for everyone but its reviewers until a reviewer reopens it: the
 * service answers 409 REVIEW_LOCKED to an edit or delete the caller would otherwise be allowed.
 */
export const reviewLocked = (a: Actor | null, p: SubjectOf<'Payment'>): boolean =>
  p.reviewable === true && p.reviewStatus === 'approved' && !isReviewer(a, p);

/** The caller sees the reviews of an initiative's expenses: the insiders do, the public not. */
export const seesReviews = (a: Actor | null, relations: Relations): boolean =>
  isInsider(a, relations);

const POLICY: Policy = {
  User: {
    read: (a, u) => !u.hidden || (a !== null && (a.id === u.id || isAdmin(a))),
    create: admins,
    edit: canEditUser,
    delete: (a, u) =>
      a !== null && a.id !== u.id && isAdmin(a) && (!u.isSuperuser || a.isSuperuser),
  },
  Funder: {
    read: anyone,
    create: admins,
    edit: admins,
    delete: admins,
    create_regulation: admins,
  },
  Regulation: {
    read: anyone,
    edit: admins,
    delete: admins,
    set_officers: admins,
    create_grant: (a, s) => isManager(a, s.relations),
    // The funder's overview (docs/api-rules.md §18): the regulation's officers and admins.
    overview: (a, s) => isManager(a, s.relations) || has(s.relations, 'policy_officer'),
  },
  Grant: {
    read: anyone,
    edit: (a, s) => isManager(a, s.relations),
    delete: (a, s) => isManager(a, s.relations),
    set_overseers: (a, s) => isManager(a, s.relations),
    create_initiative: (a, s) => isManager(a, s.relations),
    overview: (a, s) => isManager(a, s.relations) || has(s.relations, 'policy_officer', 'overseer'),
  },
  Initiative: {
    read: (a, s) => !s.hidden || isInsider(a, s.relations),
    edit: (a, s) => isManager(a, s.relations) || has(s.relations, 'initiative_owner'),
    delete: (a, s) => isManager(a, s.relations),
    set_owners: (a, s) => isManager(a, s.relations) || has(s.relations, 'initiative_owner'),
    create_activity: (a, s) => isManager(a, s.relations) || has(s.relations, 'initiative_owner'),
    create_payment: (a, s) => isAdmin(a) || has(s.relations, 'initiative_owner', 'overseer'),
    link_payment: (a, s) =>
      isAdmin(a) || has(s.relations, 'initiative_owner', 'overseer', 'any_activity_owner'),
  },
  Activity: {
    read: (a, s) => !s.hidden || isInsider(a, s.relations),
    edit: (a, s) =>
      isManager(a, s.relations) || has(s.relations, 'initiative_owner', 'activity_owner'),
    delete: (a, s) => isManager(a, s.relations) || has(s.relations, 'initiative_owner'),
    set_owners: (a, s) => isManager(a, s.relations) || has(s.relations, 'initiative_owner'),
    create_payment: (a, s) =>
      isAdmin(a) || has(s.relations, 'initiative_owner', 'overseer', 'activity_owner'),
    link_payment: (a, s) =>
      isAdmin(a) || has(s.relations, 'initiative_owner', 'overseer', 'activity_owner'),
  },
  Payment: {
    read: (a, p) => {
      if (isAdmin(a) || isFinancial(a) || has(p.relations, 'account_owner', 'account_user')) {
        return true;
      }
      if (!p.hasInitiative) return false;
      return !p.hidden || isInsider(a, p.relations);
    },
    edit: canEditPayment,
    delete: (a, p) =>
      p.manual &&
      a !== null &&
      (isAdmin(a) ||
        has(p.relations, 'overseer') ||
        (p.hasInitiative && has(p.relations, 'initiative_owner')) ||
        (p.hasActivity && has(p.relations, 'activity_owner'))),
    link_initiative: (a, p) =>
      a !== null &&
      !p.hasActivity &&
      (isAdmin(a) || has(p.relations, 'account_owner', 'account_user') || canEditPayment(a, p)),
    // The payment only needs an initiative: link_payment on the activity decides (docs/api-rules.md §5).
    link_activity: (a, p) => a !== null && p.hasInitiative,
    // Approve, reject and reopen.
    review: (a, p) => p.reviewable === true && p.hasInitiative && isReviewer(a, p),
  },
  // Relations are computed for logged-in callers only; the guard keeps it so if that changes.
  BankAccount: {
    read: (a, s) => a !== null && (isAdmin(a) || has(s.relations, 'account_owner', 'account_user')),
    renew: (a, s) => a !== null && has(s.relations, 'account_owner'),
    revoke: (a, s) => a !== null && (isAdmin(a) || has(s.relations, 'account_owner')),
    delete: (a, s) => a !== null && has(s.relations, 'account_owner'),
    set_users: (a, s) => a !== null && has(s.relations, 'account_owner'),
  },
};

export function can<S extends Subject>(
  actor: Actor | null,
  action: ActionOf<S['type']>,
  subject: S,
): boolean {
  const rules = POLICY[subject.type] as Record<string, Rule<S>>;
  const rule = rules[action];
  return rule !== undefined && rule(actor, subject);
}

/** Every action the actor holds on the subject, in the order of ACTIONS. */
export function allowedActions<S extends Subject>(actor: Actor | null, subject: S): string[] {
  const rules = POLICY[subject.type] as Record<string, Rule<S>>;
  return Object.keys(rules).filter(
    (action) => action !== 'create' && rules[action]!(actor, subject),
  );
}

/** Class-level actions (no entity id): only `create` for User and Funder. */
export function classActions(actor: Actor | null, type: Subject['type']): string[] {
  return (type === 'User' || type === 'Funder') && isAdmin(actor) ? ['create'] : [];
}

export { isManager };
