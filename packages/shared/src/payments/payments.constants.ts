/**
 * Payment constants and shapes (docs/api-rules.md §5, §6, §8): the route follows the sign of the
 * amount; manual payments are typed 'handmatig'.
 */
export const PAYMENT_ROUTES = ['inkomen', 'uitgaven'] as const;
export type PaymentRoute = (typeof PAYMENT_ROUTES)[number];
export const PAYMENT_TYPES = ['handmatig', 'bank'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const MANUAL_PAYMENT = 'handmatig' satisfies PaymentType;
/** Limits of docs/spec-map.md §5, §9. */
export const SHORT_DESCRIPTION_MAX = 128;
export const LONG_DESCRIPTION_MAX = 512;
export const COUNTERPARTY_NAME_MAX = 128;
export const ACCOUNT_MAX = 64;
export const NAME_FILTER_MAX = 128;
/** The option of the linking dropdowns that removes the link (docs/spec-map.md §9). */
export const UNLINK_ID = -1;
/** The route an amount's sign gives (docs/api-rules.md §8): 0 and up is income. */
export const routeOfAmount = (euros: number): PaymentRoute => (euros < 0 ? 'uitgaven' : 'inkomen');
/** The amount turned to agree with the route: the route wins (docs/api-rules.md §8). */
export const signedForRoute = (euros: number, route: PaymentRoute) =>
  route === 'uitgaven' ? -Math.abs(euros) : Math.abs(euros);
/** The file formats of a payments export. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * Why a link is suggested, strongest first: earlier links of the same counterparty account, of the
 * same counterparty name, of descriptions sharing words, of the same amount, or of the bank
 * account the line came from. `count` is how many earlier links of the proposed initiative show
 * it, so the client can say 'Eerder 3× gekoppeld aan Buurtbarbecue'.
 */
export const SUGGESTION_REASONS = ['iban', 'counterparty', 'words', 'amount', 'account'] as const;
export type SuggestionReason = (typeof SUGGESTION_REASONS)[number];

/** From this confidence on a suggestion counts as sure: 'Alle zekere voorstellen overnemen'. */
export const SURE_SUGGESTION = 0.75;

/** At most this many links in one bulk link call. */
export const BULK_LINK_MAX = 200;

/**
 * The funder's review of an expense (docs/api-rules.md §20): no review is 'open'; a rejected
 * expense the owner answered (corrected, or added a receipt to) is 'answered', open again for the
 * reviewer. Reviews exist only where the regulation turned them on.
 */
export const REVIEW_STATUSES = ['approved', 'rejected', 'answered'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/** What a reviewer may set; 'answered' follows from the owner's answer. */
export const REVIEW_VERDICTS = ['approved', 'rejected'] as const;
export type ReviewVerdict = (typeof REVIEW_VERDICTS)[number];
/** The status a list shows: a review's, or 'open' for an expense without one. */
export type ReviewState = ReviewStatus | 'open';
export const REVIEW_COMMENT_MAX = 1000;
