import type { BankProvider, Institution, PresentUser } from '../providers/provider';

/**
 * What the linking and sync code needs of the running installation: the configured provider
 * (a real client, or a client of the in-process sandbox bank) and a way to have an account
 * synced soon. The queue runs syncs as jobs; tests without a queue run them at once.
 */
export interface BankService {
  provider: BankProvider;
  enqueueSync(accountId: number, user: PresentUser | null): Promise<void>;
  institutions(country: string, now: Date): Promise<Institution[]>;
}

/** A day, as the server rules ask of the institution list. */
const INSTITUTIONS_TTL_MS = 24 * 3_600_000;

/**
 * The institution list kept a day per country: it changes rarely, every visitor of the add-bank
 * flow reads it, and the provider counts the calls. A failed fetch is not kept.
 */
export function cachedInstitutions(provider: BankProvider) {
  const kept = new Map<string, { at: number; list: Promise<Institution[]> }>();
  return (country: string, now: Date): Promise<Institution[]> => {
    const hit = kept.get(country);
    if (hit && now.getTime() - hit.at < INSTITUTIONS_TTL_MS) return hit.list;
    const list = provider.listInstitutions(country);
    kept.set(country, { at: now.getTime(), list });
    list.catch(() => kept.delete(country));
    return list;
  };
}
