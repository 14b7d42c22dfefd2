import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  can,
  editableFields,
  type ActionOf,
  type Actor,
  type EntityClass,
  type Subject,
} from '@helder/shared/permissions';
import type { Executor } from '../db/client';
import type { Ctx } from '../http/context';
import { forbidden, notFound, uniqueViolation, type AppError } from '../http/errors';
import { audit, diff, removal, type Changes } from './audit';
import { changedFields } from './patch';
import { removeStoredFiles } from './pictures';

/**
 * The one write path of the services (docs/architecture.md, "Services"): the service gets the
 * actor (401), loads the entity (404) and calls `authorize` (403); then `write` runs the change
 * in one transaction with its audit row, turns a unique-index race into the service's own 409
 * and removes stored files once committed (docs/api-rules.md §2, §10, §14). `entityWriter` is
 * that path for the usual create, update and delete of one row, so that a feature states only
 * its table, its parent, its 409 and what it audits.
 */

/**
 * The row with its subject when the caller may read it. An unknown row and one the caller may not
 * read are the same 404 (docs/api-rules.md §4), so that a hidden entity is never revealed.
 */
export function readable<R, S extends Subject>(
  actor: Actor | null,
  row: R | undefined,
  subjectOf: (row: R) => S,
  what: EntityClass,
): R & { subject: S } {
  const subject = row === undefined ? undefined : subjectOf(row);
  if (row === undefined || !subject || !can(actor, 'read', subject)) throw notFound(what);
  // Added, not spread: a literal that starts with a spread and adds a key is V8's slow path.
  return Object.assign(row as R & object, { subject });
}

/**
 * A feature's subject loader for entity-access (features/subjects.ts): the subject of the row its
 * access query finds for the caller, null when there is none.
 */
export const subjectLoader =
  <R, S extends Subject>(
    select: (db: Executor, actor: Actor | null, id: number) => Promise<R | null | undefined>,
    subjectOf: (row: R) => S,
  ) =>
  async (ctx: Ctx, id: number): Promise<S | null> => {
    const row = await select(ctx.db, ctx.actor, id);
    return row ? subjectOf(row) : null;
  };

/** 403 unless the actor may take the action on the subject. */
export function authorize<S extends Subject>(
  actor: Actor,
  action: ActionOf<S['type']>,
  subject: S,
  denied: string,
): void {
  if (!can(actor, action, subject)) throw forbidden(denied);
}

/**
 * The 409 a unique violation of the write becomes, given the index it hit. The service checks
 * uniqueness before writing; a concurrent request can still win the race to the index, and the
 * loser must get the answer the check would have given. Without it the error handler answers a
 * plain 409.
 */
export type OnConflict = (index: string) => AppError;

interface AuditRow {
  entityClass: EntityClass;
  entityId: number;
  action: 'create' | 'update' | 'delete';
  changes: Changes;
}

export interface Write<T> {
  run(tx: Executor): Promise<T>;
  /** The audit row of the change; an update that changed nothing writes none. */
  audit(result: T): AuditRow;
  onConflict?: OnConflict;
  /** Storage keys to remove after the commit: a failure then leaves a file, never a row. */
  files?(result: T): string[];
}

export async function write<T>(ctx: Ctx, actor: Actor, change: Write<T>): Promise<T> {
  let result: T;
  try {
    result = await ctx.db.transaction(async (tx) => {
      const done = await change.run(tx);
      const row = change.audit(done);
      if (row.action !== 'update' || Object.keys(row.changes).length > 0) {
        await audit(tx, { actorId: actor.id, ...row });
      }
      return done;
    });
  } catch (e) {
    const index = uniqueViolation(e);
    throw index !== null && change.onConflict ? change.onConflict(index) : e;
  }
  await removeStoredFiles(ctx, change.files?.(result) ?? []);
  return result;
}

type TableWithId = PgTable & { id: AnyPgColumn };
interface Parent {
  entityClass: EntityClass;
  table: TableWithId;
}

/** What goes with a deleted row, found and removed inside its transaction. */
export interface Beneath {
  /** Audited next to the row's own values, e.g. the ids of the children that went. */
  audited?: Record<string, unknown>;
  fileKeys: string[];
}

/** Creates, updates and deletes rows of one entity table along the write path. */
export function entityWriter<
  T extends TableWithId,
  P extends Parent | undefined = undefined,
>(entity: {
  entityClass: EntityClass;
  table: T;
  /**
   * The table of the parent a new row is created under. Its row is share-locked while the row
   * is inserted, so that a concurrent delete cannot orphan it; a parent that is gone is a 404.
   */
  parent?: P;
  onConflict?: OnConflict;
}) {
  const { entityClass, table, parent, onConflict } = entity;
  const byId = (id: number) => eq(table.id, id);

  return {
    /**
     * The create of a POST: 403 unless the actor may take `action` on `subject` (the parent's,
     * or the entity class's where there is none); `clash` gives the 409 of a value another row
     * holds, checked before writing; then the row is inserted and `audited` recorded as its
     * creation. Returns the new id.
     */
    async create<S extends Subject>(
      ctx: Ctx,
      actor: Actor,
      row: {
        action: ActionOf<S['type']>;
        subject: S;
        denied: string;
        clash?: () => Promise<AppError | null>;
        values: PgInsertValue<T>;
        audited: Record<string, unknown>;
        parentId?: number;
      } & (P extends Parent ? { parentId: number } : unknown),
    ): Promise<number> {
      authorize(actor, row.action, row.subject, row.denied);
      const clash = await row.clash?.();
      if (clash) throw clash;
      return write(ctx, actor, {
        onConflict,
        run: async (tx) => {
          if (parent) {
            const [locked] = await tx
              .select({ id: parent.table.id })
              .from(parent.table)
              .where(eq(parent.table.id, row.parentId))
              .for('key share');
            if (!locked) throw notFound(parent.entityClass);
          }
          const [created] = await tx.insert(table).values(row.values).returning({ id: table.id });
          return created!.id as number;
        },
        audit: (id) => ({
          entityClass,
          entityId: id,
          action: 'create',
          changes: diff({}, row.audited),
        }),
      });
    },

    /** Sets the columns of a changed PATCH and audits the changed fields from → to. */
    async update(
      ctx: Ctx,
      actor: Actor,
      id: number,
      change: {
        set: PgUpdateSetSource<T>;
        before: Record<string, unknown>;
        changes: Record<string, unknown>;
      },
    ): Promise<void> {
      await write(ctx, actor, {
        onConflict,
        run: async (tx) => {
          const updated = await tx
            .update(table)
            .set(change.set)
            .where(byId(id))
            .returning({ id: table.id });
          if (updated.length === 0) throw notFound(entityClass);
        },
        audit: () => ({
          entityClass,
          entityId: id,
          action: 'update',
          changes: diff(change.before, change.changes),
        }),
      });
    },

    /**
     * The field-level edit of a PATCH (docs/api-rules.md §5–6): 403 without `edit` on the
     * subject, or for a changed field the actor may not edit; `clash` gives the 409 of a value
     * another row holds, checked before writing; then the changed fields are set (`columns`
     * names them in the table where they differ from the body) and audited from → to. False
     * when nothing changed: nothing is written then.
     */
    async edit<B extends Record<string, unknown>>(
      ctx: Ctx,
      actor: Actor,
      id: number,
      change: {
        subject: Subject;
        denied: string;
        before: B;
        input: { [K in keyof B]?: B[K] | undefined };
        columns?: (changes: Partial<B>) => PgUpdateSetSource<T>;
        clash?: (changes: Partial<B>) => Promise<AppError | null>;
      },
    ): Promise<boolean> {
      const { subject, before } = change;
      authorize(actor, 'edit', subject, change.denied);
      const changes = changedFields(before, change.input, editableFields(actor, subject));
      if (Object.keys(changes).length === 0) return false;
      const clash = await change.clash?.(changes);
      if (clash) throw clash;
      const set = change.columns ? change.columns(changes) : (changes as PgUpdateSetSource<T>);
      await this.update(ctx, actor, id, { set, before, changes });
      return true;
    },

    /**
     * The delete of a DELETE: 403 without `delete` on the subject; then the row goes after
     * `beneath` has removed what exists only for it, the row's `audited` values (and those of
     * beneath) are audited as gone, and the files are removed after the commit.
     */
    async remove(
      ctx: Ctx,
      actor: Actor,
      id: number,
      gone: {
        subject: Subject;
        denied: string;
        audited: Record<string, unknown>;
        beneath?: (tx: Executor) => Promise<Beneath>;
      },
    ): Promise<void> {
      authorize(actor, 'delete', gone.subject, gone.denied);
      await write(ctx, actor, {
        run: async (tx) => {
          const below = (await gone.beneath?.(tx)) ?? { fileKeys: [] };
          const deleted = await tx.delete(table).where(byId(id)).returning({ id: table.id });
          if (deleted.length === 0) throw notFound(entityClass);
          return below;
        },
        audit: (below) => ({
          entityClass,
          entityId: id,
          action: 'delete',
          changes: removal({ ...gone.audited, ...below.audited }),
        }),
        files: (below) => below.fileKeys,
      });
    },
  };
}
