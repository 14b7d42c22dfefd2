/**
 * Which of the caller's accounts each account of a statement file goes to, and the account an
 * import creates (docs/api-rules.md §13): by IBAN, or by number at a bank for an account number
 * from before the IBAN.
 */
import type { StatementErrorCode } from '@helder/shared/bank-accounts';
import type { Actor } from '@helder/shared/permissions';
import type { Executor } from '../../db/client';
import { bankAccounts } from '../../db/schema';
import { AppError } from '../../http/errors';
import { selectAccountsByIban } from './bank-accounts.queries';
import {
  bankKey,
  bankOfBic,
  fileAccountKey,
  institutionOfIban,
  readAccountNumber,
} from './institutions';
import type { StoredAccount } from './stored-statement';

/** A refused statement: 422 naming the file, its code and, where one applies, the line. */
export const refuse = (code: StatementErrorCode, message: string, line?: number | null) =>
  new AppError(422, 'VALIDATION_ERROR', 'Validation failed', [
    { field: 'file', code, message, ...(line ? { line } : {}) },
  ]);

export interface Target {
  account: StoredAccount;
  /** The caller's existing account, or null when importing creates it. */
  accountId: number | null;
  /** The IBAN, or the account number as the bank writes it. */
  iban: string;
  /** The bank of an account number without an IBAN (an IBAN names its own); null if unknown. */
  bic: string | null;
  /** The bank's name as the account shows it; null for a number whose bank is not known. */
  institution: string | null;
  /** A number without an IBAN whose bank neither the file nor the user has said. */
  bankRequired: boolean;
}

/** How a file's accounts are read: the bank its layout is of, and the one the user chose. */
interface FileBanks {
  flavour: string | null;
  bank?: string | undefined;
}

/**
 * Which account each of the file's accounts goes to: the caller's account of that IBAN, or of
 * that number at that bank, or a new one; the account chosen in the upload for a file that names
 * none. Someone else's account refuses the file (docs/api-rules.md §13: never shared by
 * accident), without saying which: that would tell anyone whether an account is linked.
 */
export async function resolveTargets<A extends StoredAccount>(
  db: Executor,
  actor: Actor,
  accounts: A[],
  chosen: { id: number; iban: string; summary: { institution_name: string } } | null,
  banks: FileBanks,
): Promise<Array<Target & { account: A }>> {
  const numbers = accounts.map((a) => readAccountNumber(a.iban, a.bankBic, banks.flavour));
  const existing = await selectAccountsByIban(
    db,
    numbers.flatMap((n) => (n ? [n.number] : [])),
  );
  const foreign = () =>
    refuse('statement_foreign_account', 'An account in the file is linked by someone else');
  return accounts.map((account, i) => {
    const number = numbers[i];
    if (!number) {
      if (!chosen) {
        throw refuse(
          'statement_no_account',
          'The file names no account; choose one to import it into',
        );
      }
      const institution = chosen.summary.institution_name || null;
      return {
        account,
        accountId: chosen.id,
        iban: chosen.iban,
        bic: null,
        institution,
        bankRequired: false,
      };
    }
    const iban = number.number;
    const same = existing.filter((e) => e.iban.replace(/\s+/g, '').toUpperCase() === iban);
    if (number.kind === 'iban') {
      const found = same[0];
      if (found && found.ownerId !== actor.id) throw foreign();
      const institution = institutionOfIban(iban);
      return {
        account,
        accountId: found?.id ?? null,
        iban,
        bic: null,
        institution,
        bankRequired: false,
      };
    }
    const bank = number.bank ?? (banks.bank ? bankOfBic(banks.bank) : null);
    if (!bank) {
      // Which bank is unknown; the caller's only account of this number surely is the one.
      const own = same.filter((e) => e.ownerId === actor.id && e.provider === 'file');
      const only = own.length === 1 ? own[0]! : null;
      return {
        account,
        accountId: only?.id ?? null,
        iban,
        bic: null,
        institution: only?.institutionName ?? null,
        bankRequired: only === null,
      };
    }
    const key = `:${bankKey(iban, bank.bic)}`;
    const found = same.find((e) => e.provider === 'file' && e.providerAccountId.endsWith(key));
    if (found && found.ownerId !== actor.id) throw foreign();
    const institution = bank.name;
    return {
      account,
      accountId: found?.id ?? null,
      iban,
      bic: bank.bic,
      institution,
      bankRequired: false,
    };
  });
}

/** What the preview says of an account's bank. */
export const bankFacts = (target: Target) => ({
  institution_name: target.institution,
  bank_required: target.bankRequired && target.account.lineCount > 0,
});

/**
 * A statement file's account, owned by the caller; a revoked one of theirs comes back. A number
 * without an IBAN is named by its bank ('Rabobank 1291.99.348'), an IBAN shows its bank beside it.
 */
export async function createFileAccount(tx: Executor, actor: Actor, target: Target, now: Date) {
  const institution = target.institution ?? institutionOfIban(target.iban);
  const [row] = await tx
    .insert(bankAccounts)
    .values({
      ownerId: actor.id,
      provider: 'file',
      providerAccountId: fileAccountKey(actor.id, target.iban, target.bic),
      iban: target.iban,
      name: target.bic ? `${institution} ${target.iban}` : null,
      holderName: target.account.holderName,
      institutionName: institution,
      lastSyncedAt: now,
    })
    .onConflictDoUpdate({
      target: [bankAccounts.provider, bankAccounts.providerAccountId],
      set: { isRevoked: false },
    })
    .returning({ id: bankAccounts.id });
  return row!.id;
}
