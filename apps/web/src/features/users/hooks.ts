import { useEffect, useState } from 'react';
import { useParams } from 'react-router';

/** Search debounce (spec §9). */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, once it has not changed for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** The `:userId` of the current route as a number; null when it is not a valid id. */
export function useUserIdParam(): number | null {
  const { userId } = useParams();
  if (!userId || !/^[1-9]\d{0,9}$/.test(userId)) return null;
  const id = Number(userId);
  return id <= 2_147_483_647 ? id : null;
}
