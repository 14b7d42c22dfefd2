import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  accessRevoked,
  accountProcessing,
  accountSuspended,
  agreementExpired,
  badRequest,
  bankRateLimited,
  fieldError,
  limitHeaders,
  notFound,
  one,
  rateLimited,
  sendError,
  type ErrorAnswer,
  type Query,
} from './fake-errors';
import { findInstitution } from './fake-institutions';
import { bankDay } from './fake-ledger';
import type { LimitFamily } from './fake-limits';
import { iso } from './fake-records';
import { addDays, HISTORY_DAYS, type FakeTransaction } from './fake-transactions';
import type { Account, DataScope, FakeState } from './fake-state';

/**
 * The account endpoints of the GoCardless fake: metadata (no limit, never reaches the bank) and
 * details, balances and transactions, which count against the account's 4 successful calls per
 * scope a day and show each bank's switched-on quirks.
 */

interface AccountContext {
  state: FakeState;
  admit: (request: FastifyRequest, reply: FastifyReply, family: LimitFamily) => boolean;
}

type AccountRequest = FastifyRequest<{ Params: { id: string }; Querystring: Query }>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return DATE.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The range a transactions call asks for, bounded by the bank's and the agreement's history. */
function transactionRange(
  query: Query,
  today: string,
  historyDays: number,
): { from: string; to: string } | { error: ErrorAnswer } {
  const from = one(query.date_from);
  const to = one(query.date_to);
  for (const [field, value] of [
    ['date_from', from],
    ['date_to', to],
  ] as const) {
    if (value !== undefined && !validDate(value)) {
      return {
        error: fieldError(
          field,
          'Invalid date format',
          `'${value}' is not a date in the format YYYY-MM-DD`,
        ),
      };
    }
  }
  if (from !== undefined && from > today) {
    return {
      error: fieldError('date_from', "Date can't be in future", `'${from}' is in the future`),
    };
  }
  if (from !== undefined && to !== undefined && from > to) {
    return {
      error: badRequest(
        'Incorrect date range',
        `Starting date '${from}' is greater than end date '${to}'. When specifying date range, ` +
          'starting date must precede the end date.',
      ),
    };
  }
  // Asked further back than allowed: the real service answers what it may, without an error.
  const earliest = addDays(today, -Math.min(historyDays, HISTORY_DAYS));
  return {
    from: from === undefined || from < earliest ? earliest : from,
    to: to === undefined || to > today ? today : to,
  };
}

export async function accountRoutes(api: FastifyInstance, context: AccountContext): Promise<void> {
  const { state, admit } = context;
  /** Calls the fake holds unanswered ('timeout'); released when the server closes. */
  const held = new Set<() => void>();
  api.addHook('preClose', (done) => {
    for (const release of held) release();
    done();
  });

  const hold = (reply: FastifyReply) =>
    new Promise<void>((resolve) => {
      const release = () => {
        held.delete(release);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(release, 120_000);
      held.add(release);
      reply.raw.once('close', release);
    });

  /**
   * The checks every bank call passes, in the real service's order: the consent, the switched-on
   * failures, GoCardless's own limit, the bank's limit, the first-fetch processing. Returns the
   * account when the call may be answered.
   */
  const bankCall = async (
    request: AccountRequest,
    reply: FastifyReply,
    scope: DataScope,
    validate: (account: Account) => ErrorAnswer | null = () => null,
  ): Promise<Account | null> => {
    if (!admit(request, reply, 'accounts')) return null;
    const account = state.accounts.get(request.params.id);
    const invalid = account ? validate(account) : notFound();
    if (!account || invalid) {
      sendError(reply, invalid ?? notFound());
      return null;
    }
    const now = state.now();
    state.countCall(account.id, scope);
    limitHeaders(reply, state.accountLimits.state(account.id, scope, now), 'ACCOUNT_SUCCESS_');
    const requisition = state.requisition(account.requisitionId)!;
    const agreement = state.agreements.get(requisition.agreement)!;
    const quirks = state.quirks(account.institutionId);
    const status = state.accountStatus(account);
    const limit = state.accountLimits.state(account.id, scope, now);
    let refusal: ErrorAnswer | null = null;
    if (status === 'EXPIRED') refusal = agreementExpired(agreement, state.agreementEnd(agreement)!);
    else if (requisition.status === 'SU') refusal = accessRevoked(scope);
    else if (status === 'SUSPENDED') refusal = accountSuspended();
    else if (status === 'PROCESSING') refusal = accountProcessing();
    else if (quirks.failWith === 'timeout') {
      await hold(reply);
      refusal = { status: 504, body: { summary: 'Gateway timeout', status_code: 504 } };
    } else if (quirks.failWith === 'malformed') {
      reply.status(200).type('application/json').send('{"transactions": {"booked": [{"transac');
      return null;
    } else if (quirks.failWith) {
      reply.status(quirks.failWith.status).send(quirks.failWith.body);
      return null;
    } else if (limit.remaining === 0) refusal = rateLimited(limit.text, limit.reset);
    else if (quirks.bankRateLimited) refusal = bankRateLimited(scope);
    else if (
      scope === 'transactions' &&
      quirks.processingFirstFetch &&
      !account.fetchedTransactions
    ) {
      account.fetchedTransactions = true;
      refusal = accountProcessing();
    }
    if (refusal) {
      sendError(reply, refusal);
      return null;
    }
    state.accountLimits.record(account.id, scope, now);
    limitHeaders(reply, state.accountLimits.state(account.id, scope, now), 'ACCOUNT_SUCCESS_');
    account.lastAccessed = now;
    if (scope === 'transactions') account.fetchedTransactions = true;
    return account;
  };

  api.get('/accounts/:id/', async (request: AccountRequest, reply) => {
    if (!admit(request, reply, 'accounts')) return reply;
    const account = state.accounts.get(request.params.id);
    if (!account) return sendError(reply, notFound());
    state.countCall(account.id, 'metadata');
    return {
      id: account.id,
      created: iso(account.created),
      last_accessed: iso(account.lastAccessed),
      iban: account.offered.iban,
      status: state.accountStatus(account),
      institution_id: account.institutionId,
      owner_name: account.offered.ownerName,
      name: account.offered.name,
    };
  });

  api.get('/accounts/:id/details/', async (request: AccountRequest, reply) => {
    const account = await bankCall(request, reply, 'details');
    if (!account) return reply;
    const { offered } = account;
    return {
      account: {
        resourceId: createHash('sha256').update(offered.iban).digest('hex').slice(0, 24),
        iban: offered.iban,
        currency: 'EUR',
        ownerName: offered.ownerName,
        name: offered.name,
        product: offered.product,
        cashAccountType: 'CACC',
        bic: findInstitution(account.institutionId)?.bic,
      },
    };
  });

  api.get('/accounts/:id/balances/', async (request: AccountRequest, reply) => {
    const account = await bankCall(request, reply, 'balances');
    if (!account) return reply;
    const today = bankDay(state.now());
    const amount = (state.ledger.balanceCents(account.offered.iban, today) / 100).toFixed(2);
    return {
      balances: ['interimAvailable', 'expected'].map((balanceType) => ({
        balanceAmount: { amount, currency: 'EUR' },
        balanceType,
        referenceDate: today,
      })),
    };
  });

  api.get('/accounts/:id/transactions/', async (request: AccountRequest, reply) => {
    const today = bankDay(state.now());
    let range = { from: today, to: today };
    // A malformed range is refused before the bank is asked, so it costs no call.
    const account = await bankCall(request, reply, 'transactions', (found) => {
      const agreement = state.agreements.get(
        state.requisitions.get(found.requisitionId)!.agreement,
      );
      const asked = transactionRange(request.query, today, agreement?.max_historical_days ?? 90);
      if ('error' in asked) return asked.error;
      range = asked;
      return null;
    });
    if (!account) return reply;
    const list = state.ledger.list(account.offered.iban, range.from, range.to, today);
    const booked: FakeTransaction[] = state.quirks(account.institutionId).missingTransactionIds
      ? list.booked.map(({ transactionId: _dropped, ...rest }) => rest)
      : list.booked;
    return { transactions: { booked, pending: list.pending }, last_updated: iso(state.now()) };
  });
}
