import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, funders } from '../db/schema';
import type { Ctx } from '../http/context';
import { AppError, conflict, isUniqueViolation } from '../http/errors';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { createFunder } from '../test/funder-factories';
import { uniq } from '../test/http';
import { entityWriter, write } from './write';

let t: TestApp;
let ctx: Ctx;
beforeAll(async () => {
  t = await createTestApp();
  const { user } = await createUser(t, { role: 'administrator', password: null });
  ctx = {
    db: t.database.db,
    actor: { id: user.id, role: user.role, isSuperuser: user.isSuperuser },
    log: t.app.log,
    clock: () => t.clock.now,
    storage: t.storage,
    mail: { send: async () => {} },
    config: t.config,
    fileBase: t.config.publicUrl,
    bank: null,
  };
});
afterAll(() => t?.close());

const nameTaken = () => conflict('NAME_TAKEN', 'taken');
const writes = entityWriter({
  entityClass: 'Funder',
  table: funders,
  onConflict: (index) =>
    index === 'funders_name_lower_idx' ? nameTaken() : conflict('CONFLICT', index),
});
/** What an administrator's create and delete of a funder state about their permission. */
const allowed = { action: 'create', subject: { type: 'Funder' }, denied: 'no' } as const;
const deletable = { subject: { type: 'Funder' }, denied: 'no' } as const;
const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityClass, 'Funder'), eq(auditLog.entityId, id)));

describe('the write path', () => {
  it('answers a race to a unique index with the 409 the entity gives it, writing nothing', async () => {
    const existing = await createFunder(t);
    const values = { name: existing.name.toUpperCase(), url: 'https://race.test' };
    await expect(
      writes.create(ctx, ctx.actor!, { ...allowed, values, audited: values }),
    ).rejects.toMatchObject({ status: 409, code: 'NAME_TAKEN' });
    const same = await t.database.db.select().from(funders).where(eq(funders.url, values.url));
    expect(same).toEqual([]);
  });

  it('leaves unique violations of an entity without its own 409 to the error handler', async () => {
    const existing = await createFunder(t);
    const other = entityWriter({ entityClass: 'Funder', table: funders });
    const values = { name: existing.name, url: 'https://race.test' };
    const failure = other.create(ctx, ctx.actor!, { ...allowed, values, audited: values });
    await expect(failure).rejects.toSatisfy(isUniqueViolation);
    await expect(failure).rejects.not.toBeInstanceOf(AppError);
  });

  it('audits creation, an update only when it changes something, and deletion', async () => {
    const name = `Fonds ${uniq()}`;
    const id = await writes.create(ctx, ctx.actor!, {
      ...allowed,
      values: { name, url: 'https://a.test' },
      audited: { name, url: 'https://a.test' },
    });
    await writes.update(ctx, ctx.actor!, id, {
      set: { name },
      before: { name },
      changes: { name },
    });
    const reader = { ...ctx.actor!, role: 'user' as const };
    await expect(
      writes.remove(ctx, reader, id, { ...deletable, denied: 'not yours', audited: {} }),
    ).rejects.toMatchObject({ status: 403, message: 'not yours' });
    await writes.remove(ctx, ctx.actor!, id, {
      ...deletable,
      audited: { name, url: 'https://a.test' },
      beneath: async () => ({ audited: { regulations: [1], grants: [] }, fileKeys: [] }),
    });
    const rows = await auditOf(id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'delete']);
    expect(rows[1]!.changes).toEqual({
      name: { from: name, to: null },
      url: { from: 'https://a.test', to: null },
      regulations: { from: [1], to: [] },
    });
    await expect(
      writes.remove(ctx, ctx.actor!, id, { ...deletable, audited: {} }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it('creates only what the actor may create, after the clash check', async () => {
    const values = { name: `Fonds ${uniq()}`, url: 'https://c.test' };
    const reader = { ...ctx.actor!, role: 'user' as const };
    await expect(
      writes.create(ctx, reader, {
        ...allowed,
        denied: 'not an administrator',
        values,
        audited: {},
      }),
    ).rejects.toMatchObject({ status: 403, message: 'not an administrator' });
    const clash = async () => nameTaken();
    await expect(
      writes.create(ctx, ctx.actor!, { ...allowed, clash, values, audited: {} }),
    ).rejects.toMatchObject({ status: 409, code: 'NAME_TAKEN' });
    const stored = await t.database.db.select().from(funders).where(eq(funders.name, values.name));
    expect(stored).toEqual([]);
  });

  it('edits only the changed fields the actor may edit, after the clash check', async () => {
    const row = await createFunder(t);
    const edit = (
      input: { name?: string; url?: string },
      clash = async (): Promise<AppError | null> => null,
    ) =>
      writes.edit(ctx, ctx.actor!, row.id, {
        subject: { type: 'Funder' },
        denied: 'no',
        before: { name: row.name, url: row.url },
        input,
        clash,
      });
    expect(await edit({ name: row.name })).toBe(false);
    await expect(edit({ url: 'https://b.test' }, async () => nameTaken())).rejects.toMatchObject({
      code: 'NAME_TAKEN',
    });
    const reader = { ...ctx.actor!, role: 'user' as const };
    await expect(
      writes.edit(ctx, reader, row.id, {
        subject: { type: 'Funder' },
        denied: 'not an administrator',
        before: { name: row.name },
        input: { name: 'X' },
      }),
    ).rejects.toMatchObject({ status: 403, message: 'not an administrator' });
    expect(await edit({ name: row.name, url: 'https://b.test' })).toBe(true);
    const [stored] = await t.database.db.select().from(funders).where(eq(funders.id, row.id));
    expect(stored).toMatchObject({ name: row.name, url: 'https://b.test' });
    const rows = await auditOf(row.id);
    expect(rows.map((r) => [r.action, r.changes])).toEqual([
      ['update', { url: { from: row.url, to: 'https://b.test' } }],
    ]);
  });

  it('removes stored files only after a commit', async () => {
    const keep = `tests/${uniq()}.png`;
    const gone = `tests/${uniq()}.png`;
    await t.storage.put(keep, Buffer.from('k'), 'image/png');
    await t.storage.put(gone, Buffer.from('g'), 'image/png');
    const failing = write(ctx, ctx.actor!, {
      run: async () => {
        throw new Error('rolled back');
      },
      audit: () => ({ entityClass: 'Funder', entityId: 0, action: 'update', changes: {} }),
      files: () => [keep],
    });
    await expect(failing).rejects.toThrow('rolled back');
    await write(ctx, ctx.actor!, {
      run: async () => undefined,
      audit: () => ({ entityClass: 'Funder', entityId: 0, action: 'update', changes: {} }),
      files: () => [gone],
    });
    expect(await t.storage.get(keep)).not.toBeNull();
    expect(await t.storage.get(gone)).toBeNull();
  });
});
