/**
 * Payment constants shared by the tables and (later) the payments contracts (docs/api-rules.md §8):
 * the route follows the sign of the amount; manual payments are typed 'handmatig'.
 */
export const PAYMENT_ROUTES = ['inkomen', 'uitgaven'] as const;
export type PaymentRoute = (typeof PAYMENT_ROUTES)[number];

export const PAYMENT_TYPES = ['handmatig', 'bank'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const MANUAL_PAYMENT: PaymentType = 'handmatig';
