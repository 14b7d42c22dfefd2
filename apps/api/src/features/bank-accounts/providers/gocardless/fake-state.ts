import { randomBytes, randomUUID } from 'node:crypto';
import { findInstitution, offeredAccounts, type OfferedAccount } from './fake-institutions';
import { FakeLedger } from './fake-ledger';
import { AccountLimits, DAY, GeneralLimits } from './fake-limits';

/**
 * What the GoCardless fake remembers: its clock, tokens, agreements, requisitions and accounts,
 * and the quirks switched on per bank. The routes (fake-api.ts, fake-consent.ts) read and
 * change it; `control` (fake.ts) lets tests and the demo steer it.
 */

export const ACCESS_SECONDS = 86_400;
export const REFRESH_SECONDS = 2_592_000;

export type RequisitionStatus = 'CR' | 'GC' | 'UA' | 'RJ' | 'SA' | 'GA' | 'LN' | 'EX' | 'SU';
export type AccountStatus =
  'DISCOVERED' | 'ERROR' | 'EXPIRED' | 'PROCESSING' | 'READY' | 'SUSPENDED';
export type DataScope = 'details' | 'balances' | 'transactions';

/** The error types GoCardless appends to the redirect when the bank refused the login. */
type ConsentErrorType =
  | 'SSNVerificationFailed'
  | 'InstitutionTechnicalError'
  | 'InstitutionTimeoutError'
  | 'UnknownError';

export interface InstitutionQuirks {
  /** The first transactions call of each new account answers 409 'Account is Processing'. */
  processingFirstFetch: boolean;
  /** Booked rows carry no `transactionId`, only GoCardless's `internalTransactionId`. */
  missingTransactionIds: boolean;
  /** The bank's own daily limit: every data call answers the bank's 429. */
  bankRateLimited: boolean;
  /** Data calls fail: with this answer, by never answering, or with a cut-off JSON body. */
  failWith: { status: number; body: unknown } | 'timeout' | 'malformed' | null;
  /**
   * The bank refuses the login on the consent page: the requisition ends RJ, and the redirect
   * carries this error type (or none, for `true`).
   */
  rejectConsent: boolean | ConsentErrorType;
}

const NO_QUIRKS: InstitutionQuirks = {
  processingFirstFetch: false,
  missingTransactionIds: false,
  bankRateLimited: false,
  failWith: null,
  rejectConsent: false,
};

export interface Agreement {
  id: string;
  created: number;
  institution_id: string;
  max_historical_days: number;
  access_valid_for_days: number;
  access_scope: string[];
  accepted: number | null;
  /** Set by `control.expire`: the consent ended before its time. */
  endedAt: number | null;
  /** Whether data calls report the ended consent as 400 or as 401 (both are seen). */
  endedStatus: 400 | 401;
}

export interface Requisition {
  id: string;
  created: number;
  redirect: string;
  status: RequisitionStatus;
  institution_id: string;
  agreement: string;
  reference: string;
  accounts: string[];
  user_language: string;
  link: string;
}

export interface Account {
  id: string;
  created: number;
  lastAccessed: number | null;
  requisitionId: string;
  institutionId: string;
  offered: OfferedAccount;
  /** Set by `control.setAccountStatus`. */
  statusOverride: AccountStatus | null;
  fetchedTransactions: boolean;
}

/** Statuses in which the consent page may still be used. */
export const OPEN_STATUSES: readonly RequisitionStatus[] = ['CR', 'GC', 'UA', 'SA', 'GA'];

export class FakeState {
  private fixedNow: number | null;
  private offset = 0;
  readonly tokens = new Map<string, { kind: 'access' | 'refresh'; expiresAt: number }>();
  readonly agreements = new Map<string, Agreement>();
  readonly requisitions = new Map<string, Requisition>();
  readonly accounts = new Map<string, Account>();
  readonly calls = new Map<string, Record<DataScope | 'metadata', number>>();
  readonly ledger = new FakeLedger();
  readonly generalLimits = new GeneralLimits();
  readonly accountLimits = new AccountLimits();
  private readonly quirkMap = new Map<string, InstitutionQuirks>();

  constructor(
    readonly secretId: string,
    readonly secretKey: string,
    start: Date | undefined,
  ) {
    this.fixedNow = start ? start.getTime() : null;
  }

  now(): number {
    return this.fixedNow ?? Date.now() + this.offset;
  }

  setNow(at: number): void {
    if (this.fixedNow === null) this.offset = at - Date.now();
    else this.fixedNow = at;
  }

  quirks(institutionId: string): InstitutionQuirks {
    return this.quirkMap.get(institutionId) ?? NO_QUIRKS;
  }

  setQuirks(institutionId: string, quirks: Partial<InstitutionQuirks>): void {
    this.quirkMap.set(institutionId, { ...this.quirks(institutionId), ...quirks });
  }

  issueTokens(): { access: string; refresh: string } {
    const now = this.now();
    return { access: this.issue('access', now), refresh: this.issue('refresh', now) };
  }

  issue(kind: 'access' | 'refresh', now: number): string {
    const token = randomBytes(32).toString('base64url');
    const lifetime = kind === 'access' ? ACCESS_SECONDS : REFRESH_SECONDS;
    this.tokens.set(token, { kind, expiresAt: now + lifetime * 1000 });
    return token;
  }

  tokenValid(token: string, kind: 'access' | 'refresh'): boolean {
    const found = this.tokens.get(token);
    return found !== undefined && found.kind === kind && found.expiresAt > this.now();
  }

  /** When an agreement's consent ends: `control.expire`'s moment, else accepted + its days. */
  agreementEnd(agreement: Agreement): number | null {
    if (agreement.endedAt !== null) return agreement.endedAt;
    if (agreement.accepted === null) return null;
    return agreement.accepted + agreement.access_valid_for_days * DAY;
  }

  /** A requisition with its status brought up to the clock (a linked one expires with its EUA). */
  requisition(id: string): Requisition | undefined {
    const requisition = this.requisitions.get(id);
    if (requisition?.status === 'LN') {
      const agreement = this.agreements.get(requisition.agreement);
      const end = agreement && this.agreementEnd(agreement);
      if (end != null && end <= this.now()) requisition.status = 'EX';
    }
    return requisition;
  }

  accountStatus(account: Account): AccountStatus {
    const status = this.requisition(account.requisitionId)?.status;
    if (status === 'EX') return 'EXPIRED';
    if (status === 'SU') return 'SUSPENDED';
    return account.statusOverride ?? 'READY';
  }

  countCall(accountId: string, scope: DataScope | 'metadata'): void {
    const counts = this.calls.get(accountId) ?? {
      metadata: 0,
      details: 0,
      balances: 0,
      transactions: 0,
    };
    counts[scope] += 1;
    this.calls.set(accountId, counts);
  }

  /** The user allowed access to these of the bank's accounts: new account ids, status LN. */
  grant(requisition: Requisition, slots: number[]): void {
    const institution = findInstitution(requisition.institution_id);
    const agreement = this.agreements.get(requisition.agreement);
    if (!institution || !agreement) throw new Error('requisition without bank or agreement');
    const now = this.now();
    agreement.accepted = now;
    for (const offered of offeredAccounts(institution).filter((a) => slots.includes(a.slot))) {
      const account: Account = {
        id: randomUUID(),
        created: now,
        lastAccessed: null,
        requisitionId: requisition.id,
        institutionId: institution.id,
        offered,
        statusOverride: null,
        fetchedTransactions: false,
      };
      this.accounts.set(account.id, account);
      requisition.accounts.push(account.id);
    }
    requisition.status = 'LN';
  }

  /** Deletes a requisition with its agreement and accounts, as the real DELETE does. */
  deleteRequisition(requisition: Requisition): void {
    for (const accountId of requisition.accounts) this.accounts.delete(accountId);
    this.agreements.delete(requisition.agreement);
    this.requisitions.delete(requisition.id);
  }
}
