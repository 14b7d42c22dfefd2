/** Response bodies and a fake API for the payments tests (shapes of @helder/shared). */
import type { Attachment } from '@helder/shared/media';
import type { MoneySums, Payment, PaymentFields, PaymentListItem } from '@helder/shared/payments';
import { actionsFor, fakeApi, type FakeHandler } from '../../test/fake-api';
import { jsonResponse, makeToken, renderApp } from '../../test/render';
import { activity, initiative } from '../../test/spending-unit-fixtures';
import { TOKEN_STORAGE_KEY } from '../auth';

function paymentFields(id: number, extra: Partial<PaymentFields> = {}): PaymentFields {
  return {
    id,
    transaction_id: '',
    booking_date: '2026-03-14T12:00:00+01:00',
    transaction_amount: -12.5,
    creditor_name: `Ontvanger ${id}`,
    creditor_account: 'NL91ABNA0417164300',
    debtor_name: 'Stichting Buurttuin',
    debtor_account: 'NL20INGB0001234567',
    route: 'uitgaven',
    short_user_description: `Betaling ${id}`,
    long_user_description: '',
    hidden: false,
    hide_counterparty: false,
    type: 'handmatig',
    ...extra,
  };
}

export function listItem(id: number, extra: Partial<PaymentFields> = {}, n = 0): PaymentListItem {
  return { payment: paymentFields(id, extra), activity_name: null, n_attachments: n };
}

const image = (id: number): Attachment => ({
  id,
  attachment_url: `https://files.example/a${id}.jpg?sig=1`,
  attachment_thumbnail_url_128: `https://files.example/a${id}-128.webp?sig=1`,
  attachment_thumbnail_url_256: `https://files.example/a${id}-256.webp?sig=1`,
  attachment_thumbnail_url_512: `https://files.example/a${id}-512.webp?sig=1`,
});

const pdf = (id: number): Attachment => ({
  id,
  attachment_url: `https://files.example/a${id}.pdf?sig=1`,
  attachment_thumbnail_url_128: null,
  attachment_thumbnail_url_256: null,
  attachment_thumbnail_url_512: null,
});

export function payment(extra: Partial<Payment> = {}): Payment {
  return {
    ...paymentFields(55),
    iban: '',
    initiative_id: 3,
    initiative_name: 'Buurttuin Oost',
    activity_id: null,
    activity_name: null,
    n_attachments: 2,
    attachments: [image(7), pdf(8)],
    ...extra,
  };
}

/** `n` list items from id `from` down (newest first). */
export const items = (from: number, n: number) =>
  Array.from({ length: n }, (_, index) => listItem(from - index));

export interface PaymentsApiOptions {
  /** The list answer for each request (by its query); default: none. */
  list?: (query: URLSearchParams) => PaymentListItem[];
  totalCount?: number;
  /** The list's sums; by default those of the answer's rows. */
  totals?: MoneySums;
  /** What the reader may not see; by default nothing. */
  shielded?: MoneySums;
  actions?: Record<string, string[]>;
  editFields?: string[];
  detail?: Payment;
  routes?: Record<string, FakeHandler>;
}

/** Income and expenses of list items, as the API sums them. */
function sumsOf(items: readonly PaymentListItem[]): MoneySums {
  const sum = (amounts: number[]) =>
    Math.round(amounts.reduce((total, amount) => total + amount * 100, 0)) / 100;
  const amounts = items.map((item) => item.payment.transaction_amount);
  return {
    income: sum(amounts.filter((amount) => amount > 0)),
    expenses: sum(amounts.filter((amount) => amount < 0)),
  };
}

/** The initiative 3 (with activity 21), its payments and the entity-access answers. */
export function paymentsApi({
  list = () => [],
  totalCount,
  totals,
  shielded = { income: 0, expenses: 0 },
  actions = {},
  editFields = [],
  detail = payment(),
  routes = {},
}: PaymentsApiOptions = {}) {
  const answer: FakeHandler = (_request, { query }) => {
    const payments = list(query);
    return jsonResponse(200, {
      payments,
      totalCount: totalCount ?? payments.length,
      totals: totals ?? sumsOf(payments),
      shielded,
    });
  };
  return fakeApi({
    'GET /api/initiative/:id': () => jsonResponse(200, initiative()),
    'GET /api/initiative/:id/activity/:activityId': () => jsonResponse(200, activity()),
    'GET /api/initiative/:id/media': () => jsonResponse(200, { attachments: [] }),
    'GET /api/auth/entity-access/actions': actionsFor(actions),
    'GET /api/auth/entity-access/edit-fields': () => jsonResponse(200, { fields: editFields }),
    'GET /api/payments/initiative/:id': answer,
    'GET /api/payments/initiative/:id/activity/:activityId': answer,
    'GET /api/payment/:id': () => jsonResponse(200, detail),
    'GET /api/payments/initiative/:id/review': () =>
      jsonResponse(200, { enabled: false, summary: null }),
    ...routes,
  });
}

/** The list requests' queries, in order. */
export function listQueries(requests: { url: string; method: string }[]) {
  return requests
    .filter(
      (request) =>
        request.method === 'GET' &&
        request.url.includes('/api/payments/') &&
        // The review summary is no list.
        !new URL(request.url, 'http://localhost').pathname.endsWith('/review'),
    )
    .map((request) => new URL(request.url, 'http://localhost').searchParams);
}

/**
 * The route modules (pages and modals) of initiatives and activities, loaded before a file's
 * tests (beforeAll), so that no test waits for one.
 */
export async function loadPaymentRoutes(): Promise<void> {
  await Promise.all([
    import('../../app/routes/initiatives'),
    import('../../app/routes/activities'),
    import('../../app/routes/initiatives.modals'),
    import('../../app/routes/activities.modals'),
  ]);
}

/** A session for the app (beforeEach). */
export function logIn() {
  localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
}

/** Every field of a manual payment, all of which its editor may change. */
const MANUAL_FIELDS = [
  'transaction_amount',
  'booking_date',
  'creditor_name',
  'creditor_account',
  'debtor_name',
  'debtor_account',
  'route',
  'short_user_description',
  'long_user_description',
  'hidden',
];

export interface PaymentModalOptions {
  /** Where the app opens; by default payment 55's modal on initiative 3's expenses. */
  url?: string;
  /** What the caller may do with payment 55; by default read and edit. */
  actions?: string[];
  /** The fields the caller may edit; by default all of a manual payment's. */
  editFields?: string[];
  detail?: Payment;
  routes?: Record<string, FakeHandler>;
  list?: PaymentsApiOptions['list'];
}

/** The app at payment 55's modal (paymentsApi), with the fake API's requests. */
export function renderPaymentModal({
  url = '/funds/3/55/details?route=uitgaven',
  actions = ['read', 'edit'],
  editFields = MANUAL_FIELDS,
  detail,
  routes,
  list,
}: PaymentModalOptions = {}) {
  const fake = paymentsApi({
    list,
    detail,
    routes,
    actions: { 'Payment:55': actions },
    editFields,
  });
  return { ...fake, ...renderApp(url) };
}
