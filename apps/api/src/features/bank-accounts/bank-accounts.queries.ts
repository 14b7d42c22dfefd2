import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { NEVER_EXPIRES, type BankAccountSummary } from '@helder/shared/bank-accounts';
import type { Actor, Relation } from '@helder/shared/permissions';
import type { Executor } from '../../db/client';
import { bankAccounts, bankAccountUsers, users } from '../../db/schema';
import { correlated } from '../../lib/initiative-sql';

const isoTime = (column: SQL | PgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One account as `owned_bank_accounts` and the Banks tab show it (docs/api-rules.md §13). A
 * client of the call table shows `name` under the bank and counts the days to `expiration_date`,
 * so neither is ever null: an account made from a statement file has no name of its own (its
 * holder stands in, else the bank and the last digits) and no consent that ends (ADR 0021).
 */
const summaryJson = sql`json_build_object(
  'id', ${bankAccounts.id},
  'name', coalesce(nullif(${bankAccounts.name}, ''), nullif(${bankAccounts.holderName}, ''),
    concat_ws(' ', nullif(${bankAccounts.institutionName}, ''), right(${bankAccounts.iban}, 4))),
  'iban', ${bankAccounts.iban},
  'institution_name', coalesce(${bankAccounts.institutionName}, ''),
  'institution_logo', ${bankAccounts.institutionLogo},
  'expiration_date', coalesce(${isoTime(bankAccounts.expirationDate)}, ${NEVER_EXPIRES}::text),
  'user_count', (select count(*) from ${bankAccountUsers}
    where ${bankAccountUsers.bankAccountId} = ${bankAccounts.id}),
  'is_revoked', ${bankAccounts.isRevoked},
  'last_synced_at', ${isoTime(bankAccounts.lastSyncedAt)},
  'next_sync_at', ${isoTime(bankAccounts.nextSyncAt)},
  'holder_name', ${bankAccounts.holderName},
  'provider', ${bankAccounts.provider},
  'institution_id', ${bankAccounts.institutionId},
  'sync_problem', ${bankAccounts.syncProblem})`;

/**
 * The user's accounts, owned or shared with them, as one JSON array (revoked ones left out):
 * a correlated subselect, so the users feature adds it to a row without another statement.
 */
export function accountSummariesJson(
  userId: SQL | PgColumn | number,
  kind: 'owned' | 'used',
): SQL<BankAccountSummary[]> {
  const mine =
    kind === 'owned'
      ? sql`${bankAccounts.ownerId} = ${userId}`
      : sql`${bankAccounts.id} in (select ${bankAccountUsers.bankAccountId} from ${bankAccountUsers}
          where ${bankAccountUsers.userId} = ${userId})`;
  return correlated<BankAccountSummary[]>(sql`(
    select coalesce(json_agg(${summaryJson} order by ${bankAccounts.id}), '[]'::json)
    from ${bankAccounts} where ${mine} and ${bankAccounts.isRevoked} = false)`);
}

export async function selectAccountSummaries(db: Executor, userId: number) {
  const [row] = await db
    .select({
      owned: accountSummariesJson(userId, 'owned'),
      used: accountSummariesJson(userId, 'used'),
    })
    .from(users)
    .where(eq(users.id, userId));
  return { ownedBankAccounts: row?.owned ?? [], usedBankAccounts: row?.used ?? [] };
}

export interface AccountUserRow {
  id: number;
  email: string;
  picture_key: string | null;
}

export interface AccountOwnerRow extends AccountUserRow {
  first_name: string | null;
  last_name: string | null;
}

/** One account with its users, and the caller's relations to it; null when it does not exist. */
export async function selectAccount(db: Executor, actor: Actor | null, id: number) {
  const [row] = await db
    .select({
      id: bankAccounts.id,
      ownerId: bankAccounts.ownerId,
      iban: bankAccounts.iban,
      provider: bankAccounts.provider,
      isRevoked: bankAccounts.isRevoked,
      csvMapping: bankAccounts.csvMapping,
      summary: correlated<BankAccountSummary>(summaryJson),
      owner: correlated<AccountOwnerRow>(sql`(
        select json_build_object('id', ${users.id}, 'email', ${users.email},
          'first_name', ${users.firstName}, 'last_name', ${users.lastName},
          'picture_key', ${users.pictureKey})
        from ${users} where ${users.id} = ${bankAccounts.ownerId})`),
      users: correlated<AccountUserRow[]>(sql`(
        select coalesce(json_agg(json_build_object('id', ${users.id}, 'email', ${users.email},
          'picture_key', ${users.pictureKey}) order by ${users.email}), '[]'::json)
        from ${bankAccountUsers} join ${users} on ${users.id} = ${bankAccountUsers.userId}
        where ${bankAccountUsers.bankAccountId} = ${bankAccounts.id})`),
      // A revoked account is shared with no one, whatever rows a share may have left behind.
      isUser: actor
        ? correlated<boolean>(sql`${bankAccounts.isRevoked} = false
            and exists (select 1 from ${bankAccountUsers}
            where ${bankAccountUsers.bankAccountId} = ${bankAccounts.id}
              and ${bankAccountUsers.userId} = ${actor.id})`)
        : sql<boolean>`false`,
    })
    .from(bankAccounts)
    .where(eq(bankAccounts.id, id));
  if (!row) return null;
  const relations: Relation[] = [];
  if (actor && row.ownerId === actor.id) relations.push('account_owner');
  if (row.isUser) relations.push('account_user');
  return { ...row, subject: { type: 'BankAccount' as const, relations } };
}
export type AccountRow = NonNullable<Awaited<ReturnType<typeof selectAccount>>>;

/**
 * The linked accounts of these IBANs or account numbers (any provider, anyone's): the caller's
 * own, someone else's, or none. A number without an IBAN is only the same account at the same
 * bank, which its provider account id tells (institutions.ts `fileAccountKey`).
 */
export async function selectAccountsByIban(db: Executor, ibans: string[]) {
  if (ibans.length === 0) return [];
  return db
    .select({
      id: bankAccounts.id,
      ownerId: bankAccounts.ownerId,
      iban: bankAccounts.iban,
      isRevoked: bankAccounts.isRevoked,
      provider: bankAccounts.provider,
      providerAccountId: bankAccounts.providerAccountId,
      institutionName: bankAccounts.institutionName,
    })
    .from(bankAccounts)
    .where(
      and(
        sql`replace(upper(${bankAccounts.iban}), ' ', '') = any(${sql.param(ibans)}::text[])`,
        eq(bankAccounts.isRevoked, false),
      ),
    );
}
