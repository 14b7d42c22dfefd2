import { PAGE_SIZE } from '@helder/shared/http/client';
import { describe, expect, it } from 'vitest';
import { nextOffset } from './api';

describe('nextOffset', () => {
  const page = (rows: number) => Array.from({ length: rows }, (_, i) => i);

  it('asks for the page after the ones loaded while the last one was full', () => {
    expect(nextOffset(page(PAGE_SIZE), [page(PAGE_SIZE)])).toBe(PAGE_SIZE);
    expect(nextOffset(page(PAGE_SIZE), [page(PAGE_SIZE), page(PAGE_SIZE)])).toBe(2 * PAGE_SIZE);
  });

  it('stops after a page with fewer rows, an empty one too', () => {
    expect(nextOffset(page(PAGE_SIZE - 1), [page(PAGE_SIZE), page(PAGE_SIZE - 1)])).toBeUndefined();
    expect(nextOffset([], [[]])).toBeUndefined();
  });
});
