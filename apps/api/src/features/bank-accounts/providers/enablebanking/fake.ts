import type { FastifyPluginAsync } from 'fastify';
import { FAKE_BANKS } from './fake-banks';
import { accountsOf, type FakeAccount } from './fake-data';
import { apiRoutes } from './fake-api';
import { FakeApiError, wrongParameters } from './fake-errors';
import { pageRoutes } from './fake-pages';
import {
  createFakeState,
  type BankQuirks,
  type EnableBankingFakeOptions,
  type ReceivedRequest,
} from './fake-state';
import { addedRow, booked, type AddedTransaction } from './fake-transactions';

/**
 * A stand-in for Enable Banking's API and its banks' consent pages, faithful where an importer
 * can trip: the real paths, bodies and errors, our JWT checked for real, sessions and consent
 * ends on its own clock, paging bound to its query, narrow history windows and the banks'
 * unattended-call limits. A Fastify plugin served under whatever prefix it is registered at;
 * it depends on nothing outside the providers folder.
 */
export function createEnableBankingFake(options: EnableBankingFakeOptions) {
  const state = createFakeState(options);
  let sequence = 0;

  const plugin: FastifyPluginAsync = async (app) => {
    // A form parser of our own, in this context only: the host app may parse forms otherwise.
    if (app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.removeContentTypeParser('application/x-www-form-urlencoded');
    }
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, new URLSearchParams(String(body))),
    );
    app.setErrorHandler(async (error, _request, reply) => {
      if (error instanceof FakeApiError) return reply.code(error.status).send(error.body);
      const status = (error as { statusCode?: unknown }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        return reply.code(422).send(wrongParameters((error as Error).message).body);
      }
      return reply.code(500).send({ code: 500, message: 'Internal server error' });
    });
    app.addHook('preClose', async () => state.releaseHolds());
    await app.register(apiRoutes(state));
    await app.register(pageRoutes(state));
  };

  const control = {
    clock: state.clock,
    setQuirks: (bankName: string, changes: Partial<BankQuirks>) =>
      state.setQuirks(bankName, changes),
    setApplicationActive(value: boolean) {
      state.active = value;
    },
    /** The accounts a bank offers on its consent page. */
    accounts(bankName: string): FakeAccount[] {
      const bank = FAKE_BANKS.find((b) => b.name === bankName);
      return bank ? accountsOf(bank) : [];
    },
    /** Adds a booking to an account (by IBAN or identification hash); answers its reference. */
    addTransaction(account: string, transaction: AddedTransaction): string | null {
      const found = state.findAccount(account);
      sequence += 1;
      const row = addedRow(found, transaction, sequence, state.now().toISOString().slice(0, 10));
      state.added.set(found.key, [...(state.added.get(found.key) ?? []), row]);
      return row.wire.entry_reference;
    },
    /** Books the added pending rows of an account today, under new references. */
    bookPending(account: string): number {
      const found = state.findAccount(account);
      const today = state.now().toISOString().slice(0, 10);
      const rows = state.added.get(found.key) ?? [];
      const pending = rows.filter((r) => r.wire.status === 'PDNG').length;
      state.added.set(
        found.key,
        rows.map((r) => (r.wire.status === 'PDNG' ? booked(r, today) : r)),
      );
      return pending;
    },
    revoke(sessionId: string) {
      state.sessions.revoke(sessionId);
    },
    /** The session an authorisation became (or will become), for checking its status. */
    sessionIdOf(authorizationId: string): string | null {
      return state.sessions.authorization(authorizationId)?.sessionId ?? null;
    },
    callCounts: (uid: string) => state.callCounts(uid),
    /** What the fake received, oldest first (the last thousand calls). */
    requests: state.requests as readonly ReceivedRequest[],
  };

  return { plugin, control };
}
