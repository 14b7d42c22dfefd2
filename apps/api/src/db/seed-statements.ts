import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import {
  dedupeKeys,
  insertLines,
  institutionOfIban,
  parseStatement,
} from '../features/bank-accounts';
import { audit } from '../lib/audit';
import { packageRoot } from '../lib/package-root';
import type { Tx } from './client';
import {
  activities,
  bankAccounts,
  bankAccountUsers,
  initiatives,
  payments,
  statementImports,
} from './schema';

/**
 * Demo statement import: an activity owner imported her foundation's
 * CAMT.053 statement (demo/samen-aan-tafel.camt053.xml, which anyone can download and import
 * again to see that nothing is added twice) and shared the account with the grant's overseer.
 * The grant's income is linked to the initiative, two expenses to the activity; the rest waits
 * on /transactions to be linked.
 */
const FILE = path.join(packageRoot, 'src/db/demo/samen-aan-tafel.camt053.xml');
const OWNER = 'activityOwner';
const SHARED_WITH = 'overseer';
const INITIATIVE = 'Samen aan Tafel Bijlmer';
const ACTIVITY = 'Kookworkshops';
/** Descriptions of the lines linked in the demo, to the initiative or to the activity. */
const LINKED_TO_INITIATIVE = [
  'Voorschot subsidie Samen aan Tafel AMS-2026-0311',
  'Bijdrage buurtmaaltijden najaar',
];
const LINKED_TO_ACTIVITY = ['Boodschappen kookworkshop september', 'Zaalhuur 11 september'];

export async function seedStatements(tx: Tx, userIds: Record<string, number>, now: Date) {
  const ownerId = userIds[OWNER];
  const sharedWith = userIds[SHARED_WITH];
  if (ownerId === undefined || sharedWith === undefined) {
    throw new Error(`seed-statements: no demo users ${OWNER} and ${SHARED_WITH}`);
  }
  const [target] = await tx
    .select({ initiativeId: initiatives.id, activityId: activities.id })
    .from(initiatives)
    .innerJoin(activities, eq(activities.initiativeId, initiatives.id))
    .where(and(eq(initiatives.name, INITIATIVE), eq(activities.name, ACTIVITY)));
  if (!target) throw new Error(`seed-statements: no ${INITIATIVE} › ${ACTIVITY}`);

  const data = await readFile(FILE);
  const parsed = await parseStatement(data);
  const [statement] = parsed.accounts;
  if (!statement?.iban) throw new Error('seed-statements: the demo statement names no account');
  const [account] = await tx
    .insert(bankAccounts)
    .values({
      ownerId,
      provider: 'file',
      providerAccountId: `${ownerId}:${statement.iban}`,
      iban: statement.iban,
      name: 'Rekening Samen aan Tafel',
      holderName: statement.holderName,
      institutionName: institutionOfIban(statement.iban),
      lastSyncedAt: now,
    })
    .returning({ id: bankAccounts.id });
  const accountId = account!.id;
  await tx.insert(bankAccountUsers).values({ bankAccountId: accountId, userId: sharedWith });
  const [batch] = await tx
    .insert(statementImports)
    .values({
      userId: ownerId,
      bankAccountId: accountId,
      status: 'imported',
      fileName: 'samen-aan-tafel.camt053.xml',
      sha256: createHash('sha256').update(data).digest('hex'),
      format: parsed.format,
      flavour: parsed.flavour,
      newCount: statement.lines.length,
      importedAt: now,
    })
    .returning({ id: statementImports.id });
  const { keys } = dedupeKeys(statement.lines, parsed);
  await insertLines(
    tx,
    { accountId, iban: statement.iban, holderName: statement.holderName, importId: batch!.id },
    statement.lines.map((item, i) => ({ item, key: keys[i]! })),
  );
  const ofAccount = (texts: string[]) =>
    and(eq(payments.bankAccountId, accountId), inArray(payments.shortUserDescription, texts));
  await tx
    .update(payments)
    .set({ initiativeId: target.initiativeId })
    .where(ofAccount([...LINKED_TO_INITIATIVE, ...LINKED_TO_ACTIVITY]));
  await tx
    .update(payments)
    .set({ activityId: target.activityId })
    .where(ofAccount(LINKED_TO_ACTIVITY));
  await audit(tx, {
    actorId: null,
    entityClass: 'BankAccount',
    entityId: accountId,
    action: 'create',
  });
  return { bankAccounts: 1, payments: statement.lines.length };
}
