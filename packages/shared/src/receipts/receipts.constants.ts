/** Receipts one request may drop, as for attachments (docs/api-rules.md §11). */
export const MAX_RECEIPTS_PER_REQUEST = 10;
/** Unmatched receipts a person may keep in one inbox (an initiative's, or their own). */
export const MAX_INBOX_RECEIPTS = 200;
/** Payments proposed for one receipt, best first. */
export const MAX_CANDIDATES = 5;
/** How far a payment's booking day may lie from the receipt's day, either way. */
export const MATCH_DAYS = 7;
