import { ERROR_CODES } from '@helder/shared/http/client';
import { describe, expect, it } from 'vitest';
import en from './en/common.json';
import fy from './fy/common.json';
import nl from './nl/common.json';

/** Every error code the API can send has a text in every language (docs/api-rules.md §2). */
describe.each([
  ['nl', nl],
  ['en', en],
  ['fy', fy],
])('the %s catalog', (_language, catalog) => {
  it('translates every shared error code, and no code that does not exist', () => {
    const codes: Record<string, string> = catalog.errors.codes;
    expect(Object.keys(codes).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) expect(codes[code]?.trim(), code).toBeTruthy();
  });
});
