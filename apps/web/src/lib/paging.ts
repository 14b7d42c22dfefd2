import { PAGE_SIZE } from '@helder/shared/http/client';

/**
 * The offset of the next page of a list read PAGE_SIZE rows at a time from offset 0, for an
 * infinite query's `getNextPageParam`; undefined after a page with fewer rows, the last one.
 */
export const nextOffset = (lastRows: readonly unknown[], pages: readonly unknown[]) =>
  lastRows.length < PAGE_SIZE ? undefined : pages.length * PAGE_SIZE;
