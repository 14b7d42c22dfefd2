import { z } from 'zod';

/**
 * Lenient input helpers (server-rules §1): numeric strings count as numbers, "true"/"false" as
 * booleans, and an empty query parameter means "no filter".
 */
const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);
const toBoolean = (v: unknown) => (v === 'true' ? true : v === 'false' ? false : v);
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const numberish = <T extends z.ZodType>(schema: T) => z.preprocess(toNumber, schema);
export const booleanish = () => z.preprocess(toBoolean, z.boolean());
/** Wraps a query parameter so that `?x=` is the same as leaving it out. */
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyToUndefined, schema.optional());

export const idSchema = numberish(z.number().int().positive().max(2_147_483_647));
export const idParams = z.object({ id: idSchema });

export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const pagingQuery = z.object({
  offset: optionalQuery(numberish(z.number().int().min(0))).default(0),
  limit: optionalQuery(numberish(z.number().int().min(1).max(MAX_PAGE_SIZE))).default(PAGE_SIZE),
});

/** `{ user_ids: [...] }` bodies of the "set" calls: ids as numbers or numeric strings. */
export const userIdsBody = z.object({ user_ids: z.array(idSchema).max(500) });

export const emptyResponse = z.undefined();
