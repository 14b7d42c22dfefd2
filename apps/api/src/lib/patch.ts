import { forbidden } from '../http/errors';

/**
 * The fields of a PATCH body whose value differs from the stored one (docs/api-rules.md §5): absent
 * fields and unchanged echoed values are ignored; a changed field outside `allowed` is a 403.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  input: { [K in keyof T]?: T[K] | undefined },
  allowed: readonly string[],
): Partial<T> {
  const changed: Partial<T> = {};
  for (const field of Object.keys(before) as Array<keyof T & string>) {
    const to = input[field];
    if (to === undefined || to === before[field]) continue;
    if (!allowed.includes(field)) throw forbidden(`You may not change ${field}`);
    changed[field] = to;
  }
  return changed;
}
