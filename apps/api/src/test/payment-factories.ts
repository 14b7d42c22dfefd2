import type { PaymentInput } from '@helder/shared/payments';
import { bankAccounts, bankAccountUsers } from '../db/schema';
import type { TestApp } from './app';
import { uniq } from './http';

/** A POST /payment body: an expense in the initiative (or its activity). */
export const paymentInput = (
  initiativeId = 1,
  overrides: Partial<PaymentInput> = {},
): PaymentInput => ({
  transaction_amount: -Number(
    `${Math.floor(Math.random() * 900) + 10}.${Math.floor(Math.random() * 90) + 10}`,
  ),
  booking_date: '2026-05-04T12:00:00+02:00',
  route: 'uitgaven',
  type: 'handmatig',
  creditor_name: 'Bouwmarkt Noord',
  creditor_account: 'NL91ABNA0417164300',
  debtor_name: 'Stichting Buurt',
  debtor_account: 'NL20INGB0001234567',
  short_user_description: `Verf en kwasten ${uniq()}`,
  long_user_description: 'Voor het opknappen van de speeltuin.',
  hidden: false,
  initiative_id: initiativeId,
  activity_id: null,
  ...overrides,
});

/** A bank account of `ownerId`, shared with `userIds`. */
export async function createBankAccount(t: TestApp, ownerId: number, userIds: number[] = []) {
  const [account] = await t.database.db
    .insert(bankAccounts)
    .values({
      ownerId,
      provider: 'file',
      providerAccountId: `acc-${uniq()}`,
      iban: 'NL02ABNA0123456789',
      holderName: 'Stichting Buurt',
      institutionName: 'ABN AMRO',
    })
    .returning();
  if (userIds.length > 0) {
    await t.database.db
      .insert(bankAccountUsers)
      .values(userIds.map((userId) => ({ bankAccountId: account!.id, userId })));
  }
  return account!;
}

/** A CSV statement of no bank we know, naming no account, and the column mapping that reads it. */
export const MAPPED_CSV = {
  data: Buffer.from('datum,bedrag,omschrijving\n2026-01-03,-12.50,Lampen\n'),
  mapping: {
    delimiter: ',',
    hasHeader: true,
    date: 0,
    dateFormat: 'yyyy-mm-dd',
    amount: 1,
    decimal: '.',
    description: [2],
  },
};
