import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  can,
  classActions,
  editableFields,
  reviewLocked,
  seesReviews,
} from './index';
import type { Actor, Relation, Subject } from './index';

const user: Actor = { id: 10, role: 'user', isSuperuser: false };
const financial: Actor = { id: 11, role: 'financial', isSuperuser: false };
const admin: Actor = { id: 12, role: 'administrator', isSuperuser: false };
const superuser: Actor = { id: 13, role: 'user', isSuperuser: true };
const anonymous = null;

const actors = { anonymous, user, financial, admin, superuser } as const;
type ActorName = keyof typeof actors;

/** One row: the subject seen with some relations, and who holds the action. */
interface Row {
  subject: Subject;
  action: string;
  allowed: ActorName[];
}

const rel = (...relations: Relation[]) => relations;
const initiative = (hidden: boolean, ...r: Relation[]): Subject => ({
  type: 'Initiative',
  hidden,
  relations: rel(...r),
});
const activity = (hidden: boolean, ...r: Relation[]): Subject => ({
  type: 'Activity',
  hidden,
  relations: rel(...r),
});
const payment = (
  p: Partial<Extract<Subject, { type: 'Payment' }>> & { relations?: Relation[] },
): Subject => ({
  type: 'Payment',
  hidden: false,
  manual: true,
  hasInitiative: true,
  hasActivity: false,
  relations: [],
  ...p,
});

/** A subject in words, for test titles: its type, id and the flags it has set. */
const label = (subject: Subject) =>
  [
    subject.type,
    ...('id' in subject ? [subject.id] : []),
    ...Object.entries(subject)
      .filter(([, value]) => value === true)
      .map(([flag]) => flag),
  ].join(' ');

const ADMINS: ActorName[] = ['admin', 'superuser'];
const LOGGED_IN: ActorName[] = ['user', 'financial', 'admin', 'superuser'];
const EVERYONE: ActorName[] = ['anonymous', ...LOGGED_IN];

// The global roles against unrelated entities (no scoped relation).
const globalMatrix: Row[] = [
  { subject: { type: 'Funder' }, action: 'read', allowed: EVERYONE },
  ...(['edit', 'delete', 'create_regulation'] as const).map((action) => ({
    subject: { type: 'Funder' } satisfies Subject,
    action,
    allowed: ADMINS,
  })),
  { subject: { type: 'Regulation', relations: [] }, action: 'read', allowed: EVERYONE },
  { subject: { type: 'Regulation', relations: [] }, action: 'edit', allowed: ADMINS },
  { subject: { type: 'Regulation', relations: [] }, action: 'create_grant', allowed: ADMINS },
  { subject: { type: 'Grant', relations: [] }, action: 'edit', allowed: ADMINS },
  { subject: { type: 'Grant', relations: [] }, action: 'create_initiative', allowed: ADMINS },
  { subject: { type: 'Regulation', relations: [] }, action: 'overview', allowed: ADMINS },
  { subject: { type: 'Grant', relations: [] }, action: 'overview', allowed: ADMINS },
  { subject: initiative(false), action: 'read', allowed: EVERYONE },
  { subject: initiative(true), action: 'read', allowed: ['financial', ...ADMINS] },
  { subject: initiative(false), action: 'edit', allowed: ADMINS },
  { subject: initiative(false), action: 'create_payment', allowed: ADMINS },
  { subject: activity(true), action: 'read', allowed: ['financial', ...ADMINS] },
  { subject: payment({}), action: 'read', allowed: EVERYONE },
  { subject: payment({ hidden: true }), action: 'read', allowed: ['financial', ...ADMINS] },
  {
    subject: payment({ hasInitiative: false, manual: false }),
    action: 'read',
    allowed: ['financial', ...ADMINS],
  },
  { subject: payment({}), action: 'edit', allowed: ADMINS },
  { subject: payment({ hasActivity: true }), action: 'edit', allowed: ADMINS },
  { subject: payment({}), action: 'delete', allowed: ADMINS },
  { subject: payment({ hasActivity: true }), action: 'delete', allowed: ADMINS },
  { subject: payment({ manual: false }), action: 'delete', allowed: [] },
  { subject: payment({}), action: 'link_initiative', allowed: ADMINS },
  { subject: payment({ hasActivity: true }), action: 'link_initiative', allowed: [] },
  // Any logged-in caller may ask; link_payment on the target activity decides (docs/api-rules.md §5).
  { subject: payment({}), action: 'link_activity', allowed: LOGGED_IN },
  {
    subject: payment({ hidden: true, manual: false }),
    action: 'link_activity',
    allowed: LOGGED_IN,
  },
  { subject: payment({ hasInitiative: false }), action: 'link_activity', allowed: [] },
  { subject: { type: 'BankAccount', relations: [] }, action: 'read', allowed: ADMINS },
  { subject: { type: 'BankAccount', relations: [] }, action: 'revoke', allowed: ADMINS },
  { subject: { type: 'BankAccount', relations: [] }, action: 'renew', allowed: [] },
  {
    subject: { type: 'User', id: 99, hidden: false, isSuperuser: false },
    action: 'read',
    allowed: EVERYONE,
  },
  {
    subject: { type: 'User', id: 99, hidden: true, isSuperuser: false },
    action: 'read',
    allowed: ADMINS,
  },
  {
    subject: { type: 'User', id: user.id, hidden: true, isSuperuser: false },
    action: 'read',
    allowed: ['user', ...ADMINS],
  },
  {
    subject: { type: 'User', id: 99, hidden: false, isSuperuser: false },
    action: 'edit',
    allowed: ADMINS,
  },
  {
    subject: { type: 'User', id: 99, hidden: false, isSuperuser: true },
    action: 'edit',
    allowed: ['superuser'],
  },
  {
    subject: { type: 'User', id: 99, hidden: false, isSuperuser: true },
    action: 'delete',
    allowed: ['superuser'],
  },
];

describe('global roles', () => {
  it.each(
    globalMatrix.flatMap((row) =>
      Object.keys(actors).map((name) => ({ ...row, on: label(row.subject), name })),
    ),
  )('$action on $on by $name', ({ subject, action, allowed, name }) => {
    const actor = actors[name as ActorName];
    expect(can(actor, action as never, subject)).toBe(allowed.includes(name as ActorName));
  });

  it('refuses an action the policy does not define instead of failing', () => {
    expect(can(admin, 'create', initiative(false))).toBe(false);
  });

  it('lists actions on an entity without the class-level create', () => {
    const other = { type: 'User', id: 99, hidden: false, isSuperuser: false } as const;
    expect(allowedActions(admin, other)).toEqual(['read', 'edit', 'delete']);
  });
});

// Scoped roles held by an ordinary user: which actions each relation grants.
const scoped: Array<{ subject: (r: Relation[]) => Subject; relation: Relation; grants: string[] }> =
  [
    {
      subject: (r) => ({ type: 'Regulation', relations: r }),
      relation: 'grant_officer',
      grants: ['read', 'create_grant', 'overview'],
    },
    {
      subject: (r) => ({ type: 'Regulation', relations: r }),
      relation: 'policy_officer',
      grants: ['read', 'overview'],
    },
    {
      subject: (r) => ({ type: 'Regulation', relations: r }),
      relation: 'overseer',
      grants: ['read'],
    },
    {
      subject: (r) => ({ type: 'Grant', relations: r }),
      relation: 'grant_officer',
      grants: ['read', 'edit', 'delete', 'set_overseers', 'create_initiative', 'overview'],
    },
    {
      subject: (r) => ({ type: 'Grant', relations: r }),
      relation: 'policy_officer',
      grants: ['read', 'overview'],
    },
    {
      subject: (r) => ({ type: 'Grant', relations: r }),
      relation: 'overseer',
      grants: ['read', 'overview'],
    },
    {
      subject: (r) => initiative(true, ...r),
      relation: 'grant_officer',
      grants: ['read', 'edit', 'delete', 'set_owners', 'create_activity'],
    },
    { subject: (r) => initiative(true, ...r), relation: 'policy_officer', grants: ['read'] },
    {
      subject: (r) => initiative(true, ...r),
      relation: 'overseer',
      grants: ['read', 'create_payment', 'link_payment'],
    },
    {
      subject: (r) => initiative(true, ...r),
      relation: 'initiative_owner',
      grants: ['read', 'edit', 'set_owners', 'create_activity', 'create_payment', 'link_payment'],
    },
    {
      subject: (r) => initiative(true, ...r),
      relation: 'any_activity_owner',
      grants: ['read', 'link_payment'],
    },
    {
      subject: (r) => activity(true, ...r),
      relation: 'activity_owner',
      grants: ['read', 'edit', 'create_payment', 'link_payment'],
    },
    {
      subject: (r) => activity(true, ...r),
      relation: 'initiative_owner',
      grants: ['read', 'edit', 'delete', 'set_owners', 'create_payment', 'link_payment'],
    },
    { subject: (r) => activity(true, ...r), relation: 'any_activity_owner', grants: ['read'] },
    {
      subject: (r) => activity(true, ...r),
      relation: 'overseer',
      grants: ['read', 'create_payment', 'link_payment'],
    },
    { subject: (r) => activity(true, ...r), relation: 'policy_officer', grants: ['read'] },
    {
      subject: (r) => payment({ hidden: true, hasActivity: true, relations: r }),
      relation: 'activity_owner',
      grants: ['read', 'edit', 'delete', 'link_activity'],
    },
    {
      subject: (r) => payment({ hidden: true, relations: r }),
      relation: 'grant_officer',
      grants: ['read', 'edit', 'link_initiative', 'link_activity'],
    },
    {
      subject: (r) => payment({ hidden: true, relations: r }),
      relation: 'overseer',
      grants: ['read', 'edit', 'delete', 'link_initiative', 'link_activity'],
    },
    {
      subject: (r) => payment({ hidden: true, relations: r }),
      relation: 'initiative_owner',
      grants: ['read', 'edit', 'delete', 'link_initiative', 'link_activity'],
    },
    {
      // In an activity the payment is no longer the initiative's alone to re-link.
      subject: (r) => payment({ hidden: true, hasActivity: true, relations: r }),
      relation: 'initiative_owner',
      grants: ['read', 'edit', 'delete', 'link_activity'],
    },
    {
      // Activity owners edit payments of their activity only, and link others to it.
      subject: (r) => payment({ hidden: true, relations: r }),
      relation: 'activity_owner',
      grants: ['read', 'link_activity'],
    },
    {
      subject: (r) => payment({ hidden: true, relations: r }),
      relation: 'policy_officer',
      grants: ['read', 'link_activity'],
    },
    {
      subject: (r) => payment({ manual: false, hasInitiative: false, relations: r }),
      relation: 'account_user',
      grants: ['read', 'link_initiative'],
    },
    {
      subject: (r) => payment({ manual: false, hasInitiative: false, relations: r }),
      relation: 'account_owner',
      grants: ['read', 'link_initiative'],
    },
    {
      subject: (r) => payment({ manual: false, hidden: true, relations: r }),
      relation: 'account_owner',
      grants: ['read', 'link_initiative', 'link_activity'],
    },
    {
      subject: (r) => payment({ manual: false, hidden: true, hasActivity: true, relations: r }),
      relation: 'account_user',
      grants: ['read', 'link_activity'],
    },
    {
      subject: (r) => ({ type: 'BankAccount', relations: r }),
      relation: 'account_owner',
      grants: ['read', 'renew', 'revoke', 'delete', 'set_users'],
    },
    {
      subject: (r) => ({ type: 'BankAccount', relations: r }),
      relation: 'account_user',
      grants: ['read'],
    },
  ];

describe('scoped roles', () => {
  it.each(scoped.map((row) => ({ ...row, on: label(row.subject([])) })))(
    '$relation on $on',
    ({ subject, relation, grants }) => {
      expect(allowedActions(user, subject([relation]))).toEqual(grants);
      // Without the relation, the same ordinary user holds only what everyone holds.
      expect(allowedActions(user, subject([])).every((a) => grants.includes(a))).toBe(true);
    },
  );
});

describe('class-level and field-level rules', () => {
  it('only admins may create users and funders', () => {
    expect(classActions(admin, 'User')).toEqual(['create']);
    expect(classActions(superuser, 'Funder')).toEqual(['create']);
    expect(classActions(user, 'User')).toEqual([]);
    expect(classActions(anonymous, 'Funder')).toEqual([]);
    expect(classActions(admin, 'Initiative')).toEqual([]);
  });

  it('user fields follow who edits whom', () => {
    const self = { type: 'User', id: user.id, hidden: false, isSuperuser: false } as const;
    expect(editableFields(user, self)).toEqual([
      'first_name',
      'last_name',
      'biography',
      'email',
      'password',
      'receipt_reminders',
      'language',
    ]);
    const other = { ...self, id: 99 };
    expect(editableFields(user, other)).toEqual([]);
    expect(editableFields(admin, other)).toEqual([
      'first_name',
      'last_name',
      'biography',
      'email',
      'role',
      'is_active',
      'hidden',
    ]);
    expect(editableFields(superuser, other)).toContain('is_superuser');
    expect(editableFields(admin, { ...other, isSuperuser: true })).toEqual([]);
  });

  it('owners edit only the story of an initiative; managers edit all', () => {
    expect(editableFields(user, initiative(false, 'initiative_owner'))).toEqual([
      'description',
      'purpose',
      'target_audience',
    ]);
    expect(editableFields(user, initiative(false, 'grant_officer'))).toContain('name');
    expect(editableFields(user, initiative(false, 'overseer'))).toEqual([]);
    expect(editableFields(user, activity(false, 'activity_owner'))).toEqual([
      'description',
      'purpose',
      'target_audience',
    ]);
    expect(editableFields(user, activity(false, 'initiative_owner'))).toContain('budget');
    expect(editableFields(user, activity(false, 'any_activity_owner'))).toEqual([]);
  });

  it('admins edit funders and regulations; grant officers and admins edit grants', () => {
    const funder = { type: 'Funder' } as const;
    const regulation = (...r: Relation[]) => ({ type: 'Regulation', relations: r }) as const;
    const grant = (...r: Relation[]) => ({ type: 'Grant', relations: r }) as const;
    expect(editableFields(admin, funder)).toEqual(['name', 'url']);
    expect(editableFields(user, funder)).toEqual([]);
    expect(editableFields(superuser, regulation())).toEqual([
      'name',
      'description',
      'review_enabled',
    ]);
    expect(editableFields(user, regulation('grant_officer'))).toEqual([]);
    expect(editableFields(user, grant('grant_officer'))).toEqual(['name', 'reference', 'budget']);
    expect(editableFields(admin, grant())).toEqual(['name', 'reference', 'budget']);
    expect(editableFields(user, grant('overseer', 'policy_officer'))).toEqual([]);
  });

  it('bank accounts have no editable fields, not even for their owner', () => {
    const account = { type: 'BankAccount', relations: ['account_owner'] } as const;
    expect(editableFields(user, account)).toEqual([]);
    expect(editableFields(admin, account)).toEqual([]);
  });

  it('bank fields of imported payments are locked for everyone; shielding the name is not', () => {
    const imported = payment({ manual: false });
    expect(editableFields(admin, imported)).toEqual([
      'short_user_description',
      'long_user_description',
      'hidden',
      'hide_counterparty',
    ]);
    expect(editableFields(admin, payment({}))).toContain('transaction_amount');
    expect(editableFields(anonymous, payment({}))).toEqual([]);
    expect(editableFields(user, payment({}))).toEqual([]);
    expect(
      editableFields(user, payment({ hasActivity: true, relations: ['activity_owner'] })),
    ).toContain('transaction_amount');
  });

  it('gives anonymous callers nothing on bank accounts and no links, whatever the relations say', () => {
    const account = { type: 'BankAccount', relations: ['account_owner'] } as const;
    for (const action of ['read', 'renew', 'revoke', 'delete', 'set_users'] as const) {
      expect(can(anonymous, action, account)).toBe(false);
      expect(can(user, action, account)).toBe(true);
    }
    const linked = payment({ relations: ['account_owner'] });
    expect(can(anonymous, 'link_initiative', payment({ relations: ['account_owner'] }))).toBe(
      false,
    );
    expect(can(anonymous, 'link_activity', linked)).toBe(false);
    expect(can(user, 'link_activity', linked)).toBe(true);
  });

  it('nobody deletes themself', () => {
    expect(
      can(admin, 'delete', { type: 'User', id: admin.id, hidden: false, isSuperuser: false }),
    ).toBe(false);
  });
});

describe('the review of expenses (docs/api-rules.md §20)', () => {
  const expense = (
    relations: Relation[],
    extra: Partial<Omit<Extract<Subject, { type: 'Payment' }>, 'relations'>> = {},
  ) =>
    payment({ reviewable: true, hasActivity: true, ...extra, relations }) as Extract<
      Subject,
      { type: 'Payment' }
    >;
  const who: Array<[string, Actor | null, Relation[], boolean]> = [
    ['admin', admin, [], true],
    ['superuser', superuser, [], true],
    ['grant officer', user, ['grant_officer'], true],
    ['policy officer', user, ['policy_officer'], true],
    ['overseer of its grant', user, ['overseer'], true],
    ['overseer of another grant', user, [], false],
    ['initiative owner', user, ['initiative_owner'], false],
    ['activity owner', user, ['activity_owner'], false],
    ['owner of another activity', user, ['any_activity_owner'], false],
    ['financial user', financial, [], false],
    ['visitor', anonymous, [], false],
    ['overseer who owns the initiative', user, ['overseer', 'initiative_owner'], false],
    ['admin who owns the activity', admin, ['activity_owner'], false],
  ];

  it.each(who)('review by %s', (_name, actor, relations, allowed) => {
    expect(can(actor, 'review', expense(relations))).toBe(allowed);
    // Approved, an expense is locked exactly for who may not review it.
    const approved = expense(relations, { reviewStatus: 'approved' });
    expect(reviewLocked(actor, approved)).toBe(!allowed);
  });

  it('reviews only reviewable expenses', () => {
    expect(can(admin, 'review', expense([], { reviewable: false }))).toBe(false);
    expect(can(admin, 'review', payment({}))).toBe(false);
    expect(can(admin, 'review', expense([], { hasInitiative: false }))).toBe(false);
  });

  it('locks only an approved, reviewable expense', () => {
    expect(reviewLocked(user, expense(['initiative_owner'], { reviewStatus: 'rejected' }))).toBe(
      false,
    );
    expect(reviewLocked(user, expense(['initiative_owner'], { reviewStatus: null }))).toBe(false);
    expect(
      reviewLocked(
        user,
        expense(['initiative_owner'], { reviewStatus: 'approved', reviewable: false }),
      ),
    ).toBe(false);
  });

  it('shows reviews to the insiders of the initiative, not the public', () => {
    expect(seesReviews(anonymous, [])).toBe(false);
    expect(seesReviews(user, [])).toBe(false);
    expect(seesReviews(user, ['any_activity_owner'])).toBe(true);
    expect(seesReviews(user, ['initiative_owner'])).toBe(true);
    expect(seesReviews(user, ['policy_officer'])).toBe(true);
    expect(seesReviews(financial, [])).toBe(true);
    expect(seesReviews(admin, [])).toBe(true);
  });
});
