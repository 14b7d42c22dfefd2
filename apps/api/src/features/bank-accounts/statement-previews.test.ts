import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { StatementPreview } from '@helder/shared/bank-accounts';
import type { ErrorBody } from '@helder/shared/http';
import { statementImports } from '../../db/schema';
import { useCastApp } from '../../test/cast-app';
import { createUser, type CreatedUser } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { createBankAccount } from '../../test/payment-factories';
import { PREVIEW_LIMIT } from './preview-limits';

const scene = useCastApp();
const { call } = scene;

let seq = 1000;
/** An MT940 statement of one account with one booking, different on every call. */
const statement = (account = `NL91INGB000${seq}123`) =>
  Buffer.from(
    [
      ':20:TEST',
      `:25:${account}`,
      ':60F:C260101EUR100,00',
      `:61:2601020102D${seq++},00NTRFNONREF`,
      ':86:/NAME/Bouwmarkt/REMI/Verf',
      ':62F:C260101EUR100,00',
      '-',
    ].join('\n'),
  );

async function upload(caller: CreatedUser, data: Buffer | null) {
  const form = await multipart(data ? { file: { name: 'afschrift.sta', data } } : { note: 'x' });
  return scene.t.app.inject({
    method: 'POST',
    url: `/api/user/${caller.user.id}/statement-imports`,
    payload: form.payload,
    headers: { ...form.headers, ...caller.headers },
  });
}

const storedStatements = () =>
  readdir(path.join(scene.t.config.dataDir, 'files', 'statements')).catch(() => []);

/** Makes a preview look made `hours` ago. */
const age = (id: number, hours: number) =>
  scene.t.database.db
    .update(statementImports)
    .set({
      createdAt: sql`${scene.t.clock.now.toISOString()}::timestamptz - ${`${hours} hours`}::interval`,
    })
    .where(eq(statementImports.id, id));

const previewRow = async (id: number) =>
  (await scene.t.database.db.select().from(statementImports).where(eq(statementImports.id, id)))[0];

describe('statement preview hardening', () => {
  it("refuses someone else's account without naming it", async () => {
    const owner = await createUser(scene.t, { password: null });
    const me = await createUser(scene.t, { password: null });
    const theirs = await createBankAccount(scene.t, owner.user.id);
    const res = await upload(me, statement(theirs.iban));
    expect(res.statusCode).toBe(422);
    const [error] = res.json<ErrorBody>().errors ?? [];
    expect(error?.code).toBe('statement_foreign_account');
    expect(res.body).not.toContain(theirs.iban);
    expect(res.body).not.toContain(theirs.iban.slice(4));
  });

  it(`allows ${PREVIEW_LIMIT} previews per user in ten minutes, then 429 with Retry-After`, async () => {
    const me = await createUser(scene.t, { password: null });
    const other = await createUser(scene.t, { password: null });
    for (let i = 0; i < PREVIEW_LIMIT; i++) {
      // Requests without a file are cheap and count all the same.
      expect((await upload(me, null)).statusCode).toBe(422);
    }
    const limited = await upload(me, statement());
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorBody>().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await upload(other, statement())).statusCode).toBe(200);
  });

  it('reads one upload per user at a time: a second concurrent preview is 429', async () => {
    const me = await createUser(scene.t, { password: null });
    const other = await createUser(scene.t, { password: null });
    const storage = scene.t.storage;
    const put = storage.put.bind(storage);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    // The first upload is held while it stores its parse, so the second surely overlaps it.
    const spy = vi.spyOn(storage, 'put').mockImplementationOnce(async (...args) => {
      entered();
      await gate;
      return put(...args);
    });
    try {
      const first = upload(me, statement());
      await inside;
      const second = await upload(me, statement());
      expect(second.statusCode).toBe(429);
      expect(second.json<ErrorBody>().errors?.[0]?.code).toBe('statement_busy');
      // Someone else is not held up by it.
      expect((await upload(other, statement())).statusCode).toBe(200);
      release();
      expect((await first).statusCode).toBe(200);
      expect((await upload(me, statement())).statusCode).toBe(200);
    } finally {
      release();
      spy.mockRestore();
    }
  });

  it('a preview older than a day cannot be confirmed, and its row and file are removed', async () => {
    const me = await createUser(scene.t, { password: null });
    const res = await upload(me, statement());
    expect(res.statusCode).toBe(200);
    const { id } = res.json<StatementPreview>();
    const before = await storedStatements();
    await age(id, 25);
    const confirm = await call('POST', `/user/${me.user.id}/statement-import/${id}/confirm`, me);
    expect(confirm.statusCode).toBe(422);
    expect(confirm.json<ErrorBody>().errors?.[0]?.code).toBe('statement_preview_expired');
    expect(await previewRow(id)).toBeUndefined();
    expect(await storedStatements()).toHaveLength(before.length - 1);
  });

  it('a preview of less than a day is confirmed', async () => {
    const me = await createUser(scene.t, { password: null });
    const { id } = (await upload(me, statement())).json<StatementPreview>();
    await age(id, 23);
    const confirm = await call('POST', `/user/${me.user.id}/statement-import/${id}/confirm`, me);
    expect(confirm.statusCode).toBe(200);
  });

  it("any new preview sweeps away expired previews, anyone's, with their files", async () => {
    const me = await createUser(scene.t, { password: null });
    const other = await createUser(scene.t, { password: null });
    const old = (await upload(me, statement())).json<StatementPreview>().id;
    const fresh = (await upload(me, statement())).json<StatementPreview>().id;
    const key = (await previewRow(old))!.storageKey!;
    await age(old, 25);
    expect((await upload(other, statement())).statusCode).toBe(200);
    expect(await previewRow(old)).toBeUndefined();
    expect(await scene.t.storage.get(key)).toBeNull();
    expect((await previewRow(fresh))?.status).toBe('preview');
  });
});
