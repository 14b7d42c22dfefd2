import { useParams } from 'react-router';

/**
 * A numeric id from the URL (e.g. `:sponsorId`). A missing or malformed id is an error of the
 * route, shown by its error element, never sent to the API.
 */
export function useIdParam(name: string): number {
  const value = useParams()[name];
  const id = Number(value);
  if (!value || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647) {
    throw new Error(`Invalid route parameter ${name}: ${String(value)}`);
  }
  return id;
}

/** An optional id as written in a URL (decimal digits, 1 … 2³¹−1); null for anything else. */
export function parseId(text: string | null | undefined): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}
