/** The shared setup of the Banks tab tests: the logged-in user, accounts, a fake API. */
import type {
  BankAccount,
  BankAccountSummary,
  Institution,
  StatementPreview,
} from '@helder/shared/bank-accounts';
import { NEVER_EXPIRES } from '@helder/shared/bank-accounts/client';
import { TOKEN_STORAGE_KEY } from '../auth';
import { fakeApi, type FakeHandler } from '../../test/fake-api';
import { jsonResponse, makeToken, type RecordedRequest } from '../../test/render';

export const ME = 7;
export const BANKS = '/transactions/bankconnections';

export function logIn() {
  localStorage.setItem(TOKEN_STORAGE_KEY, makeToken({ userId: ME }));
}

export function makeAccount(
  id: number,
  overrides: Partial<BankAccountSummary> = {},
): BankAccountSummary {
  return {
    id,
    name: null,
    iban: 'NL91ABNA0417164300',
    institution_name: `Bank ${id}`,
    institution_logo: null,
    // As the API sends a statement file's account: nothing expires (docs/api-rules.md §13).
    expiration_date: NEVER_EXPIRES,
    user_count: 0,
    is_revoked: false,
    last_synced_at: null,
    next_sync_at: null,
    holder_name: `Houder ${id}`,
    provider: 'file',
    institution_id: null,
    sync_problem: null,
    ...overrides,
  };
}

export function makeDetail(id: number, overrides: Partial<BankAccount> = {}): BankAccount {
  const account = makeAccount(id);
  return {
    ...account,
    owner_id: ME,
    owner: {
      id: ME,
      email: 'ik@example.nl',
      first_name: null,
      last_name: null,
      profile_picture: null,
    },
    is_linked: true,
    logo: account.institution_logo,
    users: [],
    ...overrides,
  };
}

export function makePreview(overrides: Partial<StatementPreview> = {}): StatementPreview {
  return {
    id: 31,
    file_name: 'afschrift.xml',
    format: 'camt053',
    flavour: null,
    accounts: [
      {
        iban: 'NL91ABNA0417164300',
        holder_name: 'J. Jansen',
        bank_account_id: null,
        first_date: '2024-01-02',
        last_date: '2024-01-31',
        line_count: 5,
        new_count: 4,
        duplicate_count: 1,
        opening_balance: 100,
        closing_balance: 87.5,
        balance_matches: true,
        institution_name: 'ABN AMRO',
        bank_required: false,
      },
    ],
    skipped: [{ line: 14, reason: 'currency', detail: 'USD' }],
    new_count: 4,
    duplicate_count: 1,
    skipped_count: 1,
    ...overrides,
  };
}

/** A bank to link, as the institutions endpoint lists it. */
export function makeInstitution(id: string, overrides: Partial<Institution> = {}): Institution {
  return {
    id,
    name: id,
    logo: `https://cdn.example/${id.toLowerCase()}.png`,
    max_access_days: 180,
    max_history_days: 730,
    ...overrides,
  };
}

const LIST = `GET /api/user/:userId/bank-accounts`;
export const INSTITUTIONS = 'GET /api/utils/gocardless/institutions';

/**
 * The bank-account endpoints: the list of `owned` and `used` accounts, one account from
 * `details`, the banks to link (`institutions`), and what `routes` adds or overrides (anything
 * else answers 404).
 */
export function fakeBanksApi({
  owned = [],
  used = [],
  details = [],
  institutions = [makeInstitution('ING'), makeInstitution('Rabobank')],
  routes = {},
}: {
  owned?: BankAccountSummary[];
  used?: BankAccountSummary[];
  details?: BankAccount[];
  institutions?: Institution[];
  routes?: Record<string, FakeHandler>;
} = {}) {
  return fakeApi({
    [LIST]: () => jsonResponse(200, { ownedBankAccounts: owned, usedBankAccounts: used }),
    [INSTITUTIONS]: () => jsonResponse(200, { institutions }),
    'GET /api/user/:userId/bank-account/:bankAccountId': (_request, { params }) => {
      const found = details.find((account) => String(account.id) === params[1]);
      return found
        ? jsonResponse(200, found)
        : jsonResponse(404, { detail: 'Not found', code: 'NOT_FOUND' });
    },
    ...routes,
  });
}

/** The recorded requests of `method` whose path matches `pattern` (a RegExp on the path). */
export function callsTo(requests: RecordedRequest[], method: string, pattern: RegExp) {
  return requests.filter(
    (request) =>
      request.method === method && pattern.test(new URL(request.url, 'http://localhost').pathname),
  );
}
