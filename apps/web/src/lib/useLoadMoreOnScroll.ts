import { useCallback, useEffect, useRef } from 'react';

/** What the hook reads of an infinite query. */
interface PagedList {
  data: unknown;
  hasNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Infinite scroll of a list in a box of its own: the next page loads when the box (`ref`) is
 * scrolled to within `thresholdPx` of its end (`onScroll` goes on the box), and after a page
 * arrives while the rows do not fill the (laid out) box yet, as such a box cannot be scrolled.
 * The thresholds are in docs/spec-map.md §9.
 */
export function useLoadMoreOnScroll<T extends HTMLElement>(list: PagedList, thresholdPx: number) {
  const ref = useRef<T>(null);
  const { data, hasNextPage, isFetching, fetchNextPage } = list;

  const onScroll = useCallback(() => {
    const element = ref.current;
    if (!element || !hasNextPage || isFetching) return;
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (distance <= thresholdPx) void fetchNextPage();
  }, [hasNextPage, isFetching, fetchNextPage, thresholdPx]);

  useEffect(() => {
    if ((ref.current?.clientHeight ?? 0) > 0) onScroll();
  }, [data, onScroll]);

  return { ref, onScroll };
}
