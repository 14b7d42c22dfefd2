import {
  ProviderError,
  type BankProvider,
  type CallbackQuery,
  type FinishedLink,
  type Institution,
  type LinkedAccount,
  type LinkStatus,
} from '../provider';
import { GoCardlessHttp, type ProviderLog } from './client-http';
import {
  accountDetailsSchema,
  accountMetadataSchema,
  agreementSchema,
  institutionSchema,
  normaliseIban,
  read,
  requisitionSchema,
  toProviderTransaction,
  transactionsSchema,
  type WireInstitution,
} from './client-wire';

/**
 * The GoCardless Bank Account Data v2 adapter of BankProvider: a link is a requisition with its
 * end-user agreement; accounts, details and transactions are read per account id.
 */

export interface GoCardlessOptions {
  /** The API root, e.g. `https://bankaccountdata.gocardless.com/api/v2`. */
  baseUrl: string;
  secretId: string;
  secretKey: string;
  /** How long one call may take; 20 s when not given. */
  timeoutMs?: number;
  log?: ProviderLog;
}

/** The provider's demo bank; the real list names it only when asked for sandbox banks. */
const SANDBOX_ID = 'SANDBOXFINANCE_SFIN0000';
const ACCESS_SCOPE = ['balances', 'details', 'transactions'];
const DAY_MS = 86_400_000;

/** Requisition statuses of a link that is still being made. */
const UNFINISHED = new Set(['CR', 'GC', 'UA', 'SA', 'GA']);

const LINK_STATUSES: Record<string, LinkStatus> = {
  LN: 'active',
  EX: 'expired',
  RJ: 'failed',
  SU: 'revoked',
};

function toInstitution(i: WireInstitution): Institution {
  return {
    id: i.id,
    name: i.name,
    logo: i.logo ?? null,
    bic: i.bic ?? null,
    maxAccessDays: i.max_access_valid_for_days,
    maxHistoryDays: i.transaction_total_days,
  };
}

const clamp = (value: number, max: number) => Math.max(1, Math.min(Math.floor(value), max));

function emptyToNull(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

export function createGoCardlessProvider(options: GoCardlessOptions): BankProvider {
  const http = new GoCardlessHttp({
    baseUrl: options.baseUrl,
    secretId: options.secretId,
    secretKey: options.secretKey,
    timeoutMs: options.timeoutMs ?? 20_000,
    log: options.log,
  });
  const path = (...parts: string[]) => `${parts.map(encodeURIComponent).join('/')}/`;

  const institution = async (id: string) =>
    read(institutionSchema, await http.call(path('institutions', id)), 'an institution');

  const requisition = async (id: string) =>
    read(requisitionSchema, await http.call(path('requisitions', id)), 'a requisition');

  /** A READY account with its details, or null (logged) for an account that is not ready. */
  const linkedAccount = async (accountId: string): Promise<LinkedAccount | null> => {
    const metadata = read(
      accountMetadataSchema,
      await http.call(path('accounts', accountId)),
      'an account',
    );
    if (metadata.status !== 'READY') {
      options.log?.warn(
        { provider: 'gocardless', accountId, status: metadata.status },
        'GoCardless account is not ready; left out of the link',
      );
      return null;
    }
    const { account } = read(
      accountDetailsSchema,
      await http.call(path('accounts', accountId, 'details')),
      'account details',
    );
    const iban = normaliseIban(account.iban ?? metadata.iban);
    return {
      accountId,
      stableKey: iban ?? accountId,
      iban,
      name: account.name ?? account.displayName ?? metadata.name ?? account.product ?? null,
      holderName: account.ownerName ?? metadata.owner_name ?? null,
      // Dutch accounts are in euros; a bank that leaves the currency out means that.
      currency: account.currency ?? 'EUR',
    };
  };

  return {
    name: 'gocardless',

    async listInstitutions(country) {
      const listed = read(
        institutionSchema.array(),
        await http.call('institutions/', { query: { country: country.toUpperCase() } }),
        'the institutions',
      );
      const banks = listed.map(toInstitution);
      if (!banks.some((b) => b.id === SANDBOX_ID)) {
        banks.push(toInstitution(await institution(SANDBOX_ID)));
      }
      return banks;
    },

    async startLink(input) {
      const bank = await institution(input.institutionId);
      const agreement = read(
        agreementSchema,
        await http.call('agreements/enduser/', {
          method: 'POST',
          body: {
            institution_id: bank.id,
            max_historical_days: clamp(input.historyDays, bank.transaction_total_days),
            access_valid_for_days: clamp(input.accessDays, bank.max_access_valid_for_days),
            access_scope: ACCESS_SCOPE,
          },
        }),
        'the new agreement',
      );
      try {
        const made = read(
          requisitionSchema,
          await http.call('requisitions/', {
            method: 'POST',
            body: {
              redirect: input.redirectUrl,
              institution_id: bank.id,
              agreement: agreement.id,
              reference: input.state,
              user_language: input.language.toUpperCase(),
            },
          }),
          'the new requisition',
        );
        if (!made.link) throw new ProviderError('unavailable', 'GoCardless gave no consent link');
        return { attemptId: made.id, url: made.link };
      } catch (error) {
        // An agreement no requisition uses would only linger in the provider's lists.
        await http
          .call(path('agreements', 'enduser', agreement.id), { method: 'DELETE' })
          .catch(() => undefined);
        throw error;
      }
    },

    readCallback(query): CallbackQuery {
      return {
        state: emptyToNull(query.ref),
        code: null,
        error: emptyToNull(query.error),
        errorDetail: emptyToNull(query.details),
      };
    },

    async finishLink(input): Promise<FinishedLink> {
      const found = await requisition(input.attemptId);
      if (found.status !== 'LN') {
        const why = UNFINISHED.has(found.status)
          ? 'the user did not finish the consent'
          : found.status === 'RJ'
            ? 'the consent was rejected'
            : found.status === 'EX'
              ? 'the consent expired'
              : 'the link is no longer usable';
        throw new ProviderError(
          'reauth_required',
          `GoCardless requisition is ${found.status}: ${why}`,
          {
            code: found.status,
          },
        );
      }
      if (!found.agreement)
        throw new ProviderError('unavailable', 'GoCardless requisition has no agreement');
      const agreement = read(
        agreementSchema,
        await http.call(path('agreements', 'enduser', found.agreement)),
        'an agreement',
      );
      const from = Date.parse(agreement.accepted ?? agreement.created);
      if (Number.isNaN(from))
        throw new ProviderError('unavailable', 'GoCardless agreement has no readable date');
      const accounts: LinkedAccount[] = [];
      for (const accountId of found.accounts) {
        const account = await linkedAccount(accountId);
        if (account) accounts.push(account);
      }
      return {
        linkId: found.id,
        validUntil: new Date(from + agreement.access_valid_for_days * DAY_MS),
        accounts,
      };
    },

    async linkStatus(linkId) {
      try {
        return LINK_STATUSES[(await requisition(linkId)).status] ?? 'pending';
      } catch (error) {
        if (error instanceof ProviderError && error.kind === 'not_found') return 'revoked';
        throw error;
      }
    },

    async listTransactions(accountId, query) {
      if (query.cursor !== null) {
        throw new ProviderError(
          'invalid_request',
          'GoCardless answers in one page; there is no next cursor',
        );
      }
      const { transactions } = read(
        transactionsSchema,
        await http.call(path('accounts', accountId, 'transactions'), {
          query: { date_from: query.from, date_to: query.to },
        }),
        'the transactions',
      );
      return {
        transactions: [
          ...transactions.booked.map((tx) => toProviderTransaction(tx, 'booked')),
          ...transactions.pending.map((tx) => toProviderTransaction(tx, 'pending')),
        ],
        nextCursor: null,
      };
    },

    async deleteLink(linkId) {
      try {
        await http.call(path('requisitions', linkId), { method: 'DELETE' });
      } catch (error) {
        if (error instanceof ProviderError && error.kind === 'not_found') return;
        throw error;
      }
    },
  };
}
