/**
 * The app's URLs, built in one place. The URLs keep the words of the original product (`funds`,
 * `sponsors`, `contacts`, `transactions`; docs/domain.md) while the code says initiative,
 * funder, user and payment. The route table (app/router.tsx) takes those words from the
 * constants below and every link is built by `paths`, so no other module spells a URL word and
 * a link cannot drift from its route.
 *
 * A screen's links to its own modals whose names carry no URL word (`edit-profile`,
 * `edit-grant/5`) stay relative to the screen's route.
 */

/** The URL word of each area. */
export const SEGMENTS = {
  initiatives: 'funds',
  funders: 'sponsors',
  users: 'contacts',
  payments: 'transactions',
} as const;

/** Modal segments that carry a URL word. */
export const MODAL_SEGMENTS = {
  addInitiative: 'add-fund',
  editInitiative: 'edit-fund',
  deleteInitiative: 'delete-fund',
  addFunder: 'add-sponsor',
  editFunder: 'edit-sponsor',
  deleteFunder: 'delete-sponsor',
} as const;

/**
 * The tabs of the detail layout in their order on screen, each with the spec's URL segment
 * (docs/spec-map.md §2.2): the funders tab is 'sponsoren' on an initiative, 'sponsors' on an
 * activity.
 */
export const INITIATIVE_TAB_SEGMENTS = {
  payments: 'transactieoverzicht',
  activities: 'activiteiten',
  details: 'details',
  funders: 'sponsoren',
  media: 'media',
  owners: 'gebruikers',
} as const;

export const ACTIVITY_TAB_SEGMENTS = {
  payments: 'transactieoverzicht',
  details: 'details',
  funders: 'sponsors',
  media: 'media',
  owners: 'gebruikers',
} as const;

export type InitiativeTab = keyof typeof INITIATIVE_TAB_SEGMENTS;
export type ActivityTab = keyof typeof ACTIVITY_TAB_SEGMENTS;

/** The Transactieoverzicht's search parameters: the top bar's search, and 'Niet gekoppeld'. */
export const SEARCH_PARAM = 'search';
export const UNLINKED_PARAM = 'unlinked';

export const paths = {
  initiatives: (): string => `/${SEGMENTS.initiatives}`,
  /**
   * Without a tab this is only the prefix of the initiative's URLs (what the active tab is read
   * after): /funds/{id} alone is the overview's /funds/{action}, so links name a tab.
   */
  initiative: (id: number, tab?: InitiativeTab): string =>
    tab === undefined
      ? `${paths.initiatives()}/${id}`
      : `${paths.initiatives()}/${id}/${INITIATIVE_TAB_SEGMENTS[tab]}`,
  /** /funds/{id}/{name}: the overview's link; the detail shows its first tab. */
  initiativeNamed: (id: number, slug: string): string => `${paths.initiative(id)}/${slug}`,
  addInitiative: (funderId: number, regulationId: number, grantId: number): string =>
    `${paths.regulation(funderId, regulationId)}/${MODAL_SEGMENTS.addInitiative}?grant=${grantId}`,
  editInitiative: (id: number): string =>
    `${paths.initiative(id)}/${MODAL_SEGMENTS.editInitiative}`,
  deleteInitiative: (id: number): string =>
    `${paths.initiative(id)}/${MODAL_SEGMENTS.deleteInitiative}`,
  /** The owners modal hangs under the owners tab. */
  initiativeOwners: (id: number): string => `${paths.initiative(id, 'owners')}/link-owners`,
  addActivity: (initiativeId: number): string => `${paths.initiative(initiativeId)}/add-activity`,

  /** The activities screen of an initiative: its activities beside the initiative. */
  activities: (initiativeId: number): string => `${paths.initiative(initiativeId)}/activities`,
  activity: (initiativeId: number, activityId: number, tab?: ActivityTab): string =>
    tab === undefined
      ? `${paths.activities(initiativeId)}/${activityId}`
      : `${paths.activities(initiativeId)}/${activityId}/${ACTIVITY_TAB_SEGMENTS[tab]}`,
  editActivity: (initiativeId: number, activityId: number): string =>
    `${paths.activity(initiativeId, activityId)}/edit-activity`,
  deleteActivity: (initiativeId: number, activityId: number): string =>
    `${paths.activity(initiativeId, activityId)}/delete-activity`,
  activityOwners: (initiativeId: number, activityId: number): string =>
    `${paths.activity(initiativeId, activityId, 'owners')}/link-owners`,

  /**
   * The payment modals hang under the initiative, or under one of its activities when
   * `activityId` is given: add-payment, filter-payment, {paymentId}/details and (ours, the spec
   * names no route) {paymentId}/delete-payment.
   */
  addPayment: (initiativeId: number, activityId?: number): string =>
    `${spendingUnit(initiativeId, activityId)}/add-payment`,
  filterPayments: (initiativeId: number, activityId?: number): string =>
    `${spendingUnit(initiativeId, activityId)}/filter-payment`,
  paymentDetails: (initiativeId: number, paymentId: number, activityId?: number): string =>
    `${spendingUnit(initiativeId, activityId)}/${paymentId}/details`,
  deletePayment: (initiativeId: number, paymentId: number, activityId?: number): string =>
    `${spendingUnit(initiativeId, activityId)}/${paymentId}/delete-payment`,
  /** The Transactieoverzicht tab of an initiative, or of one of its activities. */
  paymentsTab: (initiativeId: number, activityId?: number): string =>
    activityId === undefined
      ? paths.initiative(initiativeId, 'payments')
      : paths.activity(initiativeId, activityId, 'payments'),

  users: (): string => `/${SEGMENTS.users}`,
  user: (id: number): string => `${paths.users()}/${id}`,
  addUser: (): string => `${paths.users()}/add-user`,

  payments: (): string => `/${SEGMENTS.payments}`,
  /** The Transactieoverzicht with 'Niet gekoppeld' on: where new bank lines wait to be linked. */
  unlinkedPayments: (): string => `${paths.payments()}?${UNLINKED_PARAM}=1`,
  bankConnections: (): string => `${paths.payments()}/bankconnections`,
  /** The Banks tab's modals; the account is named by `?id=` (the spec's URLs). */
  addBank: (): string => `${paths.bankConnections()}/add-bank`,
  bankUsers: (bankAccountId: number): string =>
    `${paths.bankConnections()}/invite-user?id=${bankAccountId}`,
  deleteBank: (bankAccountId: number): string =>
    `${paths.bankConnections()}/delete-bank?id=${bankAccountId}`,

  funders: (): string => `/${SEGMENTS.funders}`,
  /** A funder without a chosen regulation (the regulations screen with a hint). */
  funder: (id: number): string => `${paths.funders()}/${id}`,
  addFunder: (): string => `${paths.funders()}/${MODAL_SEGMENTS.addFunder}`,
  editFunder: (id: number): string => `${paths.funder(id)}/${MODAL_SEGMENTS.editFunder}`,
  deleteFunder: (id: number): string => `${paths.funder(id)}/${MODAL_SEGMENTS.deleteFunder}`,
  regulations: (funderId: number): string => `${paths.funder(funderId)}/regulations`,
  regulation: (funderId: number, regulationId: number): string =>
    `${paths.regulations(funderId)}/${regulationId}`,
  addRegulation: (funderId: number): string => `${paths.regulations(funderId)}/add-regulation`,
};

/** The URL prefix of an initiative, or of one of its activities. */
function spendingUnit(initiativeId: number, activityId: number | undefined): string {
  return activityId === undefined
    ? paths.initiative(initiativeId)
    : paths.activity(initiativeId, activityId);
}
