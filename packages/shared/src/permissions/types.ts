export const ROLES = ['user', 'financial', 'administrator'] as const;
export type Role = (typeof ROLES)[number];

export const ENTITY_CLASSES = [
  'User',
  'Funder',
  'Regulation',
  'Grant',
  'Initiative',
  'Activity',
  'Payment',
  'BankAccount',
] as const;
export type EntityClass = (typeof ENTITY_CLASSES)[number];

/** The logged-in caller; `null` is an anonymous visitor. */
export interface Actor {
  id: number;
  role: Role;
  isSuperuser: boolean;
}

/**
 * How the actor relates to one entity, computed by the API in SQL (one query) so that `can()`
 * stays pure. Scoped roles are named after docs/api-rules.md §4.
 */
export type Relation =
  | 'grant_officer' // of the regulation (above) the entity
  | 'policy_officer'
  | 'overseer' // of the grant (above) the entity
  | 'initiative_owner'
  | 'activity_owner' // of this activity, or of the payment's activity
  | 'any_activity_owner' // of some activity of the initiative: makes the actor an insider
  | 'account_owner'
  | 'account_user';

export type Relations = readonly Relation[];

export type Subject =
  | { type: 'User'; id: number; hidden: boolean; isSuperuser: boolean }
  | { type: 'Funder' }
  | { type: 'Regulation'; relations: Relations }
  | { type: 'Grant'; relations: Relations }
  | { type: 'Initiative'; hidden: boolean; relations: Relations }
  | { type: 'Activity'; hidden: boolean; relations: Relations }
  | {
      type: 'Payment';
      /** The payment, or the initiative/activity it belongs to, is hidden. */
      hidden: boolean;
      manual: boolean;
      hasInitiative: boolean;
      hasActivity: boolean;
      relations: Relations;
      /**
       * The funder reviews it: an expense in an initiative whose regulation turned the review on
       * (docs/api-rules.md §20). Absent is false.
       */
      reviewable?: boolean;
      /** Its review's status; absent or null is open. */
      reviewStatus?: 'approved' | 'rejected' | 'answered' | null;
    }
  | { type: 'BankAccount'; relations: Relations };

export const ACTIONS = {
  User: ['read', 'create', 'edit', 'delete'],
  Funder: ['read', 'create', 'edit', 'delete', 'create_regulation'],
  Regulation: ['read', 'edit', 'delete', 'set_officers', 'create_grant', 'overview'],
  Grant: ['read', 'edit', 'delete', 'set_overseers', 'create_initiative', 'overview'],
  Initiative: [
    'read',
    'edit',
    'delete',
    'set_owners',
    'create_activity',
    'create_payment',
    'link_payment',
  ],
  Activity: ['read', 'edit', 'delete', 'set_owners', 'create_payment', 'link_payment'],
  Payment: ['read', 'edit', 'delete', 'link_initiative', 'link_activity', 'review'],
  BankAccount: ['read', 'renew', 'revoke', 'delete', 'set_users'],
} as const satisfies Record<EntityClass, readonly string[]>;

export type ActionOf<C extends EntityClass> = (typeof ACTIONS)[C][number];
export type Action = ActionOf<EntityClass>;
