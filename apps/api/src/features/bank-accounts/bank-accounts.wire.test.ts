import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  NEVER_EXPIRES,
  SANDBOX_INSTITUTION,
  type BankAccount,
  type BankAccounts,
} from '@helder/shared/bank-accounts';
import { bankAccounts, users } from '../../db/schema';
import { useCastApp } from '../../test/cast-app';
import { createUser } from '../../test/factories';
import { createBankAccount } from '../../test/payment-factories';
import { institutionOfIban } from './institutions';

/**
 * What a client of the call table reads of a bank account (docs/api-rules.md §13): values it can
 * show where our rows have none, and the shapes the call table has.
 */
const scene = useCastApp();
const { call } = scene;

async function account(change: Partial<typeof bankAccounts.$inferInsert> = {}) {
  const owner = await createUser(scene.t, { password: null, firstName: 'Olga', lastName: 'Eigen' });
  const friend = await createUser(scene.t, { password: null });
  const row = await createBankAccount(scene.t, owner.user.id, [friend.user.id]);
  if (Object.keys(change).length > 0) {
    await scene.t.database.db.update(bankAccounts).set(change).where(eq(bankAccounts.id, row.id));
  }
  const detail = async () => {
    const res = await call('GET', `/user/${owner.user.id}/bank-account/${row.id}`, owner);
    expect(res.statusCode).toBe(200);
    return res.json<BankAccount>();
  };
  const listed = async () =>
    (await call('GET', `/user/${owner.user.id}/bank-accounts`, owner)).json<BankAccounts>()
      .ownedBankAccounts[0]!;
  return { owner, friend, row, detail, listed };
}

describe('a bank account on the wire', () => {
  it('from a statement file: a name and an expiration date far ahead, never null', async () => {
    const { detail, listed } = await account();
    for (const shown of [await listed(), await detail()]) {
      // The holder stands in for a name the file does not give.
      expect(shown.name).toBe('Stichting Buurt');
      expect(shown.expiration_date).toBe(NEVER_EXPIRES);
    }
    const { listed: nameless } = await account({ holderName: null });
    expect((await nameless()).name).toBe('ABN AMRO 6789');
    const { listed: named } = await account({ name: 'Betaalrekening' });
    expect((await named()).name).toBe('Betaalrekening');
  });

  it('keeps a real expiration date, and is linked only while neither revoked nor expired', async () => {
    const future = new Date(scene.t.clock.now.getTime() + 30 * 86_400_000);
    const linked = await account({ provider: 'gocardless', expirationDate: future });
    expect(await linked.detail()).toMatchObject({
      expiration_date: future.toISOString(),
      is_linked: true,
    });
    // A statement file's account never expires.
    expect((await (await account()).detail()).is_linked).toBe(true);
    const past = new Date(scene.t.clock.now.getTime() - 86_400_000);
    const expired = await account({ provider: 'gocardless', expirationDate: past });
    expect((await expired.detail()).is_linked).toBe(false);
    const revoked = await account({ isRevoked: true });
    expect((await revoked.detail()).is_linked).toBe(false);
  });

  it('has the owner as a user, the logo, and people with access carrying a picture object', async () => {
    const logo = 'https://cdn.example/abn.png';
    const { owner, friend, detail } = await account({ institutionLogo: logo });
    await scene.t.database.db
      .update(users)
      .set({ pictureKey: `users/${friend.user.id}/picture.png` })
      .where(eq(users.id, friend.user.id));
    const shown = await detail();
    expect(shown.owner).toEqual({
      id: owner.user.id,
      email: owner.user.email,
      first_name: 'Olga',
      last_name: 'Eigen',
      profile_picture: null,
    });
    expect(shown.logo).toBe(logo);
    expect(shown.institution_logo).toBe(logo);
    const [person] = shown.users;
    expect(person).toMatchObject({ id: friend.user.id, email: friend.user.email });
    const picture = person!.profile_picture!;
    expect(picture.attachment_url).toMatch(/\/api\/files\/users\/\d+\/picture\.png\?/);
    for (const size of [128, 256, 512] as const) {
      expect(picture[`attachment_thumbnail_url_${size}`]).toContain('/api/files/');
    }
  });
});

describe('institutionOfIban', () => {
  it("names the provider's demo bank so that clients find its logo by the word 'Sandbox'", () => {
    expect(institutionOfIban('NL12SNDB0123456789')).toBe(SANDBOX_INSTITUTION);
    expect(SANDBOX_INSTITUTION).toBe('Sandbox');
    expect(institutionOfIban('NL02ABNA0123456789')).toBe('ABN AMRO');
  });
});
