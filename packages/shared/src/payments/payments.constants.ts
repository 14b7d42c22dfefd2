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
