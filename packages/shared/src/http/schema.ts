import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './constants';

/**
 * Lenient input helpers (docs/api-rules.md §1): numeric strings count as numbers, "true"/"false" as
 * booleans, and an empty query parameter means "no filter".
 */
// Plain decimal notation only: Number() would also read '0x38', '1e3', ' 7' and 'Infinity',
// which turned a hex path id into another entity's id.
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const toNumber = (v: unknown) => (typeof v === 'string' && DECIMAL.test(v) ? Number(v) : v);
const toBoolean = (v: unknown) => (v === 'true' ? true : v === 'false' ? false : v);
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const numberish = <T extends z.ZodType>(schema: T) => z.preprocess(toNumber, schema);
export const booleanish = () => z.preprocess(toBoolean, z.boolean());
/** Wraps a query parameter so that `?x=` is the same as leaving it out. */
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyToUndefined, schema.optional());

const MAX_ID = 2_147_483_647;
/**
 * Ids are written in decimal digits only: '1.0', '+1' and '0x1' are not ids (docs/api-rules.md §1).
 */
const toId = (v: unknown) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v);
const idNumber = (min: number) => z.preprocess(toId, z.number().int().min(min).max(MAX_ID));
export const idSchema = idNumber(1);
export const idParams = z.object({ id: idSchema });
/**
 * A parent id in a nested path: 0 means "whichever it is" (docs/api-rules.md §1), because clients
 * that only know the child's id request `/funder/0/regulation/0/grant/7`.
 */
export const parentIdSchema = idNumber(0);
/** True when a path's parent id is 0 (any parent) or names the real parent. */
export const isParent = (pathId: number, realId: number) => pathId === 0 || pathId === realId;

export const pagingQuery = z.object({
  offset: optionalQuery(numberish(z.number().int().min(0))).default(0),
  limit: optionalQuery(numberish(z.number().int().min(1).max(MAX_PAGE_SIZE))).default(PAGE_SIZE),
});

/** `{ user_ids: [...] }` bodies of the "set" calls: ids as numbers or numeric strings. */
export const userIdsBody = z.object({ user_ids: z.array(idSchema).max(500) });

export const emptyResponse = z.undefined();
