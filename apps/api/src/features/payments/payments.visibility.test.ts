import type { Initiative } from '@helder/shared/initiatives';
import type { MoneySums, PaymentListItem } from '@helder/shared/payments';
import { describe } from 'vitest';
import { SEEN_BY, visibilityMatrix, type Read, type Scene } from '../../test/visibility';
import type { Caller } from '../../test/http';

/** Whether the initiative's payment list (rows and count) shows the payment. */
async function listed(s: Scene, as: Caller, initiativeId: number, paymentId: number) {
  const body = await s.read<{ payments: PaymentListItem[]; totalCount: number }>(
    `/payments/initiative/${initiativeId}?limit=100`,
    as,
  );
  if (!body) return false;
  const shown = body.payments.some((i) => i.payment.id === paymentId);
  // The count must agree with the rows: a hidden payment may not be counted either.
  if (body.totalCount !== body.payments.length) throw new Error('count and rows disagree');
  return shown;
}

const reads: Read[] = [
  {
    read: 'GET /payment/{id} of a hidden payment in a public initiative',
    seenBy: SEEN_BY.insidersOfOpen,
    reveals: async (s, as) => (await s.read(`/payment/${s.payments.hidden.id}`, as)) !== null,
  },
  {
    read: 'GET /payment/{id} of a payment in a hidden activity',
    seenBy: SEEN_BY.insidersOfOpen,
    reveals: async (s, as) =>
      (await s.read(`/payment/${s.payments.inHiddenActivity.id}`, as)) !== null,
  },
  {
    read: 'GET /payment/{id} of a payment in a hidden initiative',
    seenBy: SEEN_BY.insidersOfHidden,
    reveals: async (s, as) => (await s.read(`/payment/${s.payments.inHidden.id}`, as)) !== null,
  },
  {
    read: 'GET /payment/{id} of a public payment',
    seenBy: SEEN_BY.everyone,
    reveals: async (s, as) => (await s.read(`/payment/${s.payments.public.id}`, as)) !== null,
  },
  {
    read: 'GET /payments/initiative/{id} lists (and counts) a hidden payment',
    seenBy: SEEN_BY.insidersOfOpen,
    reveals: (s, as) => listed(s, as, s.openInitiative.id, s.payments.hidden.id),
  },
  {
    read: 'GET /payments/initiative/{id} lists a payment of a hidden activity',
    seenBy: SEEN_BY.insidersOfOpen,
    reveals: (s, as) => listed(s, as, s.openInitiative.id, s.payments.inHiddenActivity.id),
  },
  {
    read: 'GET /payments/initiative/{id} sums hidden payments with the listed ones',
    seenBy: SEEN_BY.insidersOfOpen,
    reveals: async (s, as) => {
      const body = await s.read<{ totals: MoneySums; shielded: MoneySums }>(
        `/payments/initiative/${s.openInitiative.id}`,
        as,
      );
      // Either way the two add up to the initiative's expenses (docs/api-rules.md §8).
      if (body!.totals.expenses + body!.shielded.expenses !== -6) throw new Error('no reconcile');
      return body!.totals.expenses === -6;
    },
  },
  {
    read: 'GET /payments/initiative/{id}/activity/{id} of a hidden activity',
    seenBy: SEEN_BY.insidersOfOpen,
    reveals: async (s, as) =>
      (await s.read(
        `/payments/initiative/${s.openInitiative.id}/activity/${s.hiddenActivity.id}`,
        as,
      )) !== null,
  },
  {
    read: 'GET /payments/initiative/{id} of a hidden initiative',
    seenBy: SEEN_BY.insidersOfHidden,
    reveals: async (s, as) =>
      (await s.read(`/payments/initiative/${s.hiddenInitiative.id}`, as)) !== null,
  },
  {
    read: 'GET /initiative/{id} counts hidden payments in its totals (docs/api-rules.md §8)',
    seenBy: SEEN_BY.everyone,
    reveals: async (s, as) =>
      (await s.read<Initiative>(`/initiative/${s.openInitiative.id}`, as))?.expenses === -6,
  },
];

describe('every read from the database', () => visibilityMatrix(reads));
// Callers read in turn on one server: the totals kept for one reader (payments.page.ts,
// `KeptTotals`) must never answer another, whose count would then disagree with their rows.
describe('totals kept until a change', () =>
  visibilityMatrix(reads, { PUBLIC_CACHE_SECONDS: '30' }));
