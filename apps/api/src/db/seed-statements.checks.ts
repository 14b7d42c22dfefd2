import { readFile } from 'node:fs/promises';
import { eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StatementPreview } from '@helder/shared/bank-accounts';
import type { TestApp } from '../test/app';
import { loginRequest } from '../test/http';
import { multipart } from '../test/multipart';
import { bankAccounts, bankAccountUsers, payments, users } from './schema';
import { DEMO_PASSWORD } from './seed';

let t: TestApp;

const userIdOf = async (email: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

/** Checks of the demo seed, run on the one seeded database of seed-demo.test.ts. */
export function statementsSeeded(seeded: () => { t: TestApp; seededAt: Date }) {
  describe('the demo seed: statements', () => {
    beforeAll(() => {
      ({ t } = seeded());
    });

    it('seeds an imported ING account of the activity owner, shared with the overseer, partly linked', async () => {
      const [account] = await t.database.db
        .select()
        .from(bankAccounts)
        .where(eq(bankAccounts.iban, 'NL36INGB0007654321'));
      expect(account).toMatchObject({
        ownerId: await userIdOf('activiteit@helder.demo'),
        provider: 'file',
        institutionName: 'ING',
        holderName: 'Stichting Samen aan Tafel',
      });
      const shared = await t.database.db
        .select({ userId: bankAccountUsers.userId })
        .from(bankAccountUsers)
        .where(eq(bankAccountUsers.bankAccountId, account!.id));
      expect(shared).toEqual([{ userId: await userIdOf('penvoerder@helder.demo') }]);
      const rows = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.bankAccountId, account!.id));
      expect(rows).toHaveLength(10);
      expect(rows.filter((r) => r.initiativeId !== null)).toHaveLength(4);
      expect(rows.filter((r) => r.activityId !== null)).toHaveLength(2);
      expect(rows.every((r) => r.type === 'bank' && r.dedupeKey !== null)).toBe(true);
      const linked = await t.database.db
        .select()
        .from(payments)
        .where(isNotNull(payments.statementImportId));
      expect(linked.length).toBeGreaterThanOrEqual(10);
    });

    it('importing the demo file again, as its owner, would add nothing', async () => {
      const session = await loginRequest(t, {
        username: 'activiteit@helder.demo',
        password: DEMO_PASSWORD,
      });
      const token = session.json<{ access_token: string }>().access_token;
      const ownerId = await userIdOf('activiteit@helder.demo');
      const data = await readFile(new URL('./demo/samen-aan-tafel.camt053.xml', import.meta.url));
      const form = await multipart({ file: { name: 'samen-aan-tafel.camt053.xml', data } });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/user/${ownerId}/statement-imports`,
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<StatementPreview>()).toMatchObject({
        new_count: 0,
        duplicate_count: 10,
        accounts: [{ balance_matches: true, opening_balance: 0, closing_balance: 1386.4 }],
      });
    });
  });
}
