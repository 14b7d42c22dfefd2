import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { apiRoutes } from './fake-api';
import { consentRoutes } from './fake-consent';
import { bankDay } from './fake-ledger';
import type { FakeTransaction } from './fake-transactions';
import {
  FakeState,
  type AccountStatus,
  type DataScope,
  type InstitutionQuirks,
  type RequisitionStatus,
} from './fake-state';

/**
 * A stand-in for GoCardless Bank Account Data v2: a Fastify plugin that serves the real API's
 * paths under `<prefix>/api/v2/`, plus the consent page and the logos under `<prefix>/`. Tests
 * run it on a server of its own; the demo mounts it in the app as its sandbox bank. It keeps
 * itself to itself (no fastify-plugin), depends on nothing of the app, and builds absolute URLs
 * from the request and its prefix.
 */

export type { FakeTransaction } from './fake-transactions';
export type { InstitutionQuirks } from './fake-state';

export interface GoCardlessFakeOptions {
  /** The credentials `token/new` accepts. */
  secretId?: string;
  secretKey?: string;
  /** When given, the clock stands at this moment until moved; else it follows real time. */
  now?: Date;
}

interface GoCardlessFakeControl {
  readonly secretId: string;
  readonly secretKey: string;
  now(): Date;
  advance(ms: number): void;
  setNow(date: Date): void;
  /** Switches quirks of one bank on or off; unnamed quirks keep their setting. */
  setQuirks(institutionId: string, quirks: Partial<InstitutionQuirks>): void;
  /** Books what is pending on the account (or on every linked account); returns how many. */
  bookPending(accountId?: string): number;
  addTransaction(iban: string, tx: FakeTransaction, status?: 'booked' | 'pending'): void;
  /** Ends the consent now, before its time; data calls then answer the EUA error (400 or 401). */
  expire(requisitionId: string, options?: { status?: 400 | 401 }): void;
  /** The user withdrew the consent at the bank: requisition SU, data calls refused. */
  revoke(requisitionId: string): void;
  setAccountStatus(accountId: string, status: AccountStatus): void;
  /** Forgets every token issued, as when the service rotates its keys. */
  invalidateTokens(): void;
  /** Calls received for an account, per scope, answered or not. */
  calls(accountId: string): Record<DataScope | 'metadata', number>;
  /** A requisition as it stands, or null when there is none. */
  requisition(
    id: string,
  ): { status: RequisitionStatus; accounts: string[]; reference: string } | null;
  /** The IBAN behind an account id, or null. */
  ibanOf(accountId: string): string | null;
}

export interface GoCardlessFake {
  plugin: FastifyPluginAsync;
  control: GoCardlessFakeControl;
}

export function createGoCardlessFake(options: GoCardlessFakeOptions = {}): GoCardlessFake {
  const state = new FakeState(
    options.secretId ?? 'fake-secret-id',
    options.secretKey ?? 'fake-secret-key',
    options.now,
  );

  const plugin: FastifyPluginAsync = async (instance) => {
    const prefix = instance.prefix;
    const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}${prefix}`;
    await instance.register((api) => apiRoutes(api, { state, origin }), { prefix: '/api/v2' });
    await instance.register((pages) => consentRoutes(pages, { state, prefix }));
  };

  const requisitionOf = (id: string) => {
    const requisition = state.requisition(id);
    if (!requisition) throw new Error(`The fake has no requisition ${id}`);
    return requisition;
  };
  const accountOf = (id: string) => {
    const account = state.accounts.get(id);
    if (!account) throw new Error(`The fake has no account ${id}`);
    return account;
  };

  const control: GoCardlessFakeControl = {
    secretId: state.secretId,
    secretKey: state.secretKey,
    now: () => new Date(state.now()),
    advance: (ms) => state.setNow(state.now() + ms),
    setNow: (date) => state.setNow(date.getTime()),
    setQuirks: (institutionId, quirks) => state.setQuirks(institutionId, quirks),
    bookPending(accountId) {
      const accounts =
        accountId === undefined ? [...state.accounts.values()] : [accountOf(accountId)];
      const ibans = new Set(accounts.map((a) => a.offered.iban));
      const today = bankDay(state.now());
      const newId = () => randomUUID().replaceAll('-', '');
      return [...ibans].reduce((n, iban) => n + state.ledger.bookPending(iban, today, newId), 0);
    },
    addTransaction: (iban, tx, status = 'booked') => state.ledger.add(iban, tx, status),
    expire(requisitionId, options) {
      const requisition = requisitionOf(requisitionId);
      const agreement = state.agreements.get(requisition.agreement);
      if (agreement) {
        agreement.endedAt = state.now();
        agreement.endedStatus = options?.status ?? 400;
      }
      requisition.status = 'EX';
    },
    revoke(requisitionId) {
      requisitionOf(requisitionId).status = 'SU';
    },
    setAccountStatus(accountId, status) {
      accountOf(accountId).statusOverride = status;
    },
    invalidateTokens: () => state.tokens.clear(),
    calls: (accountId) => ({
      metadata: 0,
      details: 0,
      balances: 0,
      transactions: 0,
      ...state.calls.get(accountId),
    }),
    requisition(id) {
      const requisition = state.requisition(id);
      if (!requisition) return null;
      const { status, accounts, reference } = requisition;
      return { status, accounts: [...accounts], reference };
    },
    ibanOf: (accountId) => state.accounts.get(accountId)?.offered.iban ?? null,
  };

  return { plugin, control };
}
