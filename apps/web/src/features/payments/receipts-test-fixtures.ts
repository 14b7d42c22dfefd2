/** Receipts of the inbox (docs/api-rules.md §22) as the API lists them, for the web tests. */
import type { InboxReceipt, MatchCandidate } from '@helder/shared/receipts';

export const candidate = (id: number, best: boolean, counterparty: string): MatchCandidate => ({
  payment: {
    id,
    booking_date: '2026-03-14T10:00:00Z',
    transaction_amount: -12.5,
    counterparty,
    short_user_description: '',
    initiative_id: 3,
    initiative_name: 'Buurttuin Oost',
    activity_id: null,
    activity_name: null,
  },
  days: 2,
  has_receipt: false,
  name_match: false,
  best,
});

/** A receipt read as 12,50 on 12-03-2026 (the shop unsure when given), or still being read. */
export const receipt = (
  id: number,
  status: 'queued' | 'done',
  candidates: MatchCandidate[],
  proposed: number | null,
  { initiativeId = 3, shop }: { initiativeId?: number | null; shop?: string } = {},
): InboxReceipt => ({
  id,
  initiative_id: initiativeId,
  created_at: '2026-03-20T10:00:00Z',
  file: {
    id,
    attachment_url: `https://files.test/r${id}.pdf`,
    attachment_thumbnail_url_128: null,
    attachment_thumbnail_url_256: null,
    attachment_thumbnail_url_512: null,
  },
  reading:
    status === 'queued'
      ? { status, error: null, fields: null }
      : {
          status,
          error: null,
          fields: {
            date: { value: '2026-03-12', confidence: 0.9, unsure: false },
            amount: { value: 12.5, confidence: 0.9, unsure: false },
            shop: shop === undefined ? null : { value: shop, confidence: 0.4, unsure: true },
            vat: null,
            vat_rates: [],
            currency: 'EUR',
          },
        },
  proposed_payment_id: proposed,
  candidates,
});
