import { useEffect, useState } from 'react';

/** Search debounce (docs/spec-map.md §9). */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, once it has not changed for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
