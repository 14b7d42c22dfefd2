/** The shared setup of the Transactieoverzicht tests: user, stateful fake API, link dropdowns. */
import type { UserPayment } from '@helder/shared/payments';
import { screen } from '@testing-library/react';
import { TOKEN_STORAGE_KEY } from '../auth';
import { fakeApi, jsonBody, requestsTo, type FakeHandler } from '../../test/fake-api';
import { jsonResponse, makeToken, type RecordedRequest } from '../../test/render';

const ME = 7;
const LIST = `/api/payments/user/${ME}`;

export function logIn() {
  localStorage.setItem(TOKEN_STORAGE_KEY, makeToken({ userId: ME }));
}

export function makePayment(id: number, overrides: Partial<UserPayment> = {}): UserPayment {
  return {
    id,
    booking_date: '2024-03-05T23:30:00Z',
    initiative_id: null,
    initiative_name: null,
    activity_id: null,
    activity_name: null,
    creditor_name: `Ontvanger ${id}`,
    debtor_name: `Verzender ${id}`,
    short_user_description: `Omschrijving ${id}`,
    iban: 'NL91ABNA0417164300',
    transaction_amount: -10 - id,
    type: 'bank',
    ...overrides,
  };
}

const INITIATIVES = [
  { id: 3, name: 'Buurttuin Oost' },
  { id: 4, name: 'Repair Café' },
];
const ACTIVITIES: Record<string, { id: number; name: string }[]> = {
  '3': [
    { id: 30, name: 'Plantdag' },
    { id: 31, name: 'Oogstfeest' },
  ],
};

/** The PATCH answer: the payment as GET /payment/:id gives it, with its new links. */
function linkedAnswer(row: UserPayment) {
  return {
    id: row.id,
    transaction_id: '',
    booking_date: row.booking_date,
    transaction_amount: row.transaction_amount,
    creditor_name: row.creditor_name,
    debtor_name: row.debtor_name,
    route: row.transaction_amount < 0 ? 'uitgaven' : 'inkomen',
    short_user_description: row.short_user_description,
    long_user_description: '',
    hidden: false,
    hide_counterparty: false,
    type: 'bank',
    iban: row.iban,
    initiative_id: row.initiative_id,
    initiative_name: row.initiative_name,
    activity_id: row.activity_id,
    activity_name: row.activity_name,
    n_attachments: 0,
    attachments: [],
  };
}

/** A bank account as GET /api/user/:userId/bank-accounts lists it. */
function bankAccount(id: number, iban: string) {
  return {
    id,
    name: `Rekening ${id}`,
    iban,
    institution_name: 'Bank',
    institution_logo: null,
    expiration_date: '9999-12-31T00:00:00.000Z',
    user_count: 0,
    is_revoked: false,
    last_synced_at: null,
    next_sync_at: null,
    holder_name: null,
    provider: 'file',
    institution_id: null,
    sync_problem: null,
  };
}

/**
 * A stateful fake: GET pages through `rows` (or `list` decides), the PATCHes change the rows
 * like the server would (-1 unlinks) unless `link` answers otherwise.
 */
export function fakePaymentsApi({
  rows = [],
  list,
  link,
  accounts = { owned: [], used: [] },
  routes = {},
}: {
  rows?: UserPayment[];
  list?: (query: URLSearchParams) => UserPayment[] | Response;
  link?: FakeHandler;
  /** The IBANs of the caller's own and shared bank accounts. */
  accounts?: { owned: string[]; used: string[] };
  /** More of the API; a key already here gets this answer instead. */
  routes?: Record<string, FakeHandler>;
} = {}) {
  const state = rows.map((row) => ({ ...row }));
  const find = (id: string | undefined) => state.find((row) => String(row.id) === id);
  const nameOf = (list: { id: number; name: string }[], id: number) =>
    list.find((item) => item.id === id)?.name ?? null;
  /** PATCH …/initiative or …/activity: links the row to one of `targets` (-1 unlinks). */
  const patchLink =
    (kind: 'initiative' | 'activity', targets: { id: number; name: string }[]): FakeHandler =>
    (request, context) => {
      if (link) return link(request, context);
      const row = find(context.params[0]);
      if (!row) return jsonResponse(404, { detail: 'Not found', code: 'NOT_FOUND' });
      const id = (jsonBody(request) as Record<string, number>)[`${kind}_id`] as number;
      row[`${kind}_id`] = id === -1 ? null : id;
      row[`${kind}_name`] = id === -1 ? null : nameOf(targets, id);
      return jsonResponse(200, linkedAnswer(row));
    };
  return fakeApi({
    // Pages follow the last row of the one before (`after`), as the API keeps its order.
    'GET /api/payments/user/:userId': (_request, { query }) => {
      const answer = list?.(query);
      if (answer instanceof Response) return answer;
      const all = answer ?? state;
      const listed =
        query.get('unlinked') === 'true' ? all.filter((row) => row.initiative_id === null) : all;
      const after = query.get('after');
      const start = after === null ? 0 : all.findIndex((row) => String(row.id) === after) + 1;
      const limit = Number(query.get('limit') ?? 20);
      const page = listed.filter((row) => all.indexOf(row) >= start).slice(0, limit);
      return jsonResponse(200, {
        payments: answer ? answer : page,
        totalCount: listed.length,
        unlinkedCount: all.filter((row) => row.initiative_id === null).length,
      });
    },
    'GET /api/user/:userId/bank-accounts': () =>
      jsonResponse(200, {
        ownedBankAccounts: accounts.owned.map((iban, index) => bankAccount(index + 1, iban)),
        usedBankAccounts: accounts.used.map((iban, index) => bankAccount(index + 101, iban)),
      }),
    'GET /api/auth/entity-access/linkable-initiatives': () =>
      jsonResponse(200, { initiatives: INITIATIVES }),
    'GET /api/auth/entity-access/initiative/:initiativeId/linkable-activities': (_r, { params }) =>
      jsonResponse(200, { activities: ACTIVITIES[params[0] ?? ''] ?? [] }),
    'PATCH /api/payment/:paymentId/initiative': patchLink('initiative', INITIATIVES),
    'PATCH /api/payment/:paymentId/activity': patchLink('activity', ACTIVITIES['3'] ?? []),
    // All or nothing, as the API: an unknown payment changes no row.
    'POST /api/payments/links': (request) => {
      const { links } = jsonBody(request) as {
        links: { payment_id: number; initiative_id: number | null; activity_id: number | null }[];
      };
      if (links.some((l) => !find(String(l.payment_id)))) {
        return jsonResponse(404, { detail: 'Not found', code: 'NOT_FOUND' });
      }
      const linked = links.map((l) => {
        const row = find(String(l.payment_id))!;
        row.initiative_id = l.initiative_id;
        row.initiative_name =
          l.initiative_id === null ? null : nameOf(INITIATIVES, l.initiative_id);
        row.activity_id = l.activity_id;
        row.activity_name =
          l.activity_id === null ? null : nameOf(ACTIVITIES['3'] ?? [], l.activity_id);
        return linkedAnswer(row);
      });
      return jsonResponse(200, { payments: linked });
    },
    ...routes,
  });
}

export const listRequests = (requests: RecordedRequest[]) =>
  requestsTo(requests, 'GET', LIST).map((request) => new URL(request.url, 'http://localhost'));

// Payment 1: -11 euros on 5 March 23:30 UTC, which is 6 March in Amsterdam.
const LABEL_1 = '06-03-2024 € -11,00';
export const initiativeSelect = (label = LABEL_1) =>
  screen.findByLabelText(`Initiatief voor betaling van ${label}`);
export const activitySelect = (label = LABEL_1) =>
  screen.findByLabelText(`Activiteit voor betaling van ${label}`);
