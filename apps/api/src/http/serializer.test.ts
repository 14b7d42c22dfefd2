import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { paymentsResponse } from '@helder/shared/payments';
import { statementPreviewSchema } from '@helder/shared/bank-accounts';
import { compileSerializer, serializerCompiler } from './serializer';

const user = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  note: z.string().optional(),
  address: z.object({ city: z.string() }).nullable(),
  roles: z.array(z.object({ role: z.enum(['admin', 'user']), since: z.string().datetime() })),
});

const aUser = {
  id: 7,
  name: 'Anna "de" Vries\nline two',
  email: null,
  address: { city: 'Leeuwarden', password_hash: 'y' },
  roles: [{ role: 'admin', since: '2026-01-02T03:04:05.000Z', password_hash: 'x' }],
  password_hash: 'scrypt$secret',
};

describe('the response serializer', () => {
  it('writes the declared fields only, at every depth, in the schema’s order', () => {
    const text = compileSerializer(user)(aUser);
    expect(text).not.toContain('password_hash');
    expect(text).not.toContain('secret');
    expect(text).toBe(JSON.stringify(user.parse(aUser)));
  });

  it('writes null as null, leaves out an absent optional field and keeps a value as given', () => {
    const serialize = compileSerializer(user);
    expect(JSON.parse(serialize(aUser))).toEqual({
      id: 7,
      name: aUser.name,
      email: null,
      address: { city: 'Leeuwarden' },
      roles: [{ role: 'admin', since: '2026-01-02T03:04:05.000Z' }],
    });
    expect(
      JSON.parse(serialize({ ...aUser, email: 'a@b.nl', note: 'n', address: null })),
    ).toMatchObject({ email: 'a@b.nl', note: 'n', address: null });
  });

  it('writes strings as JSON.stringify does: quotes, controls, lone surrogates, long texts', () => {
    const serialize = compileSerializer(z.object({ text: z.string() }));
    for (const text of ['"\\\n\t\u0001', 'a\ud800b', '€ é ✓ 😀', 'x'.repeat(5000) + '"']) {
      expect(serialize({ text })).toBe(JSON.stringify({ text }));
    }
  });

  it('keeps a property called format and its value', () => {
    const preview = {
      id: 1,
      file_name: 'afschrift.xml',
      format: 'camt053',
      flavour: null,
      accounts: [],
      skipped: [],
      new_count: 0,
      duplicate_count: 0,
      skipped_count: 0,
    };
    const text = compileSerializer(statementPreviewSchema)(preview);
    expect(JSON.parse(text)).toEqual(preview);
  });

  it('writes a payments page as zod’s parse did, its required fields first', () => {
    const payment = {
      id: 12,
      transaction_id: 'T-1',
      booking_date: '2026-11-27T23:00:00.000Z',
      transaction_amount: -12.5,
      creditor_name: 'Bakker',
      creditor_account: 'NL91ABNA0417164300',
      debtor_name: '',
      route: 'uitgaven',
      short_user_description: 'Brood',
      long_user_description: '',
      hidden: false,
      hide_counterparty: true,
      type: 'bank',
      initiative_id: 3,
    };
    const page = {
      payments: [
        { payment, activity_name: null, n_attachments: 0, review_status: 'open', extra: 1 },
        { payment: { ...payment, id: 11 }, activity_name: 'Buurtfeest', n_attachments: 2 },
      ],
      totalCount: 2,
      totals: { income: 0, expenses: -25 },
      shielded: { income: 10.05, expenses: 0 },
    };
    const text = compileSerializer(paymentsResponse)(page);
    expect(JSON.parse(text)).toEqual(paymentsResponse.parse(page));
    // JSON objects are unordered (ADR 0034): an optional field follows the required ones.
    expect(Object.keys((JSON.parse(text) as typeof page).payments[0]!.payment).at(-1)).toBe(
      'creditor_account',
    );
  });

  it('refuses an answer without a required field, rather than leave it out', () => {
    const { email: _email, ...withoutEmail } = aUser;
    expect(() => compileSerializer(user)(withoutEmail)).toThrow(/email/);
  });

  it('compiles a route’s schema when it first answers, once', () => {
    let reads = 0;
    const counted = new Proxy(user, {
      get(target, key, receiver) {
        reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const serialize = serializerCompiler({ schema: counted });
    expect(reads).toBe(0);
    serialize(aUser);
    const afterFirst = reads;
    expect(afterFirst).toBeGreaterThan(0);
    expect(serialize(aUser)).toBe(JSON.stringify(user.parse(aUser)));
    expect(reads).toBe(afterFirst);
  });
});
