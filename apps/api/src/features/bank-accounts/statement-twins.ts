/**
 * What a preview says of lines the bank link fetched already (docs/api-rules.md §13): the confirm
 * takes them for the link's payments, so the preview counts them as imported, not as new, and
 * tells how many it would keep beside a look-alike. Read-only: the same sorting as the confirm's.
 */
import type { Executor } from '../../db/client';
import { openStored } from './stored-statement';
import { Twins, type Keyed } from './twins';

const BATCH = 5000;

interface Sorted {
  /** Per account of the file: lines the link fetched already, and look-alikes kept with a flag. */
  copies: number[];
  unsure: number[];
}

/**
 * The file's lines sorted against the bank link's payments of each existing account; the parse
 * is read again only when some account holds such payments in the file's days.
 */
export async function linkTwins(
  db: Executor,
  parse: () => Promise<Buffer | null>,
  accounts: ReadonlyArray<{
    accountId: number | null;
    firstDate: string | null;
    lastDate: string | null;
  }>,
): Promise<Sorted> {
  const twins: Array<Twins | null> = [];
  for (const { accountId, firstDate, lastDate } of accounts) {
    twins.push(
      accountId !== null && firstDate !== null && lastDate !== null
        ? await Twins.load(db, accountId, 'link', firstDate, lastDate)
        : null,
    );
  }
  const none = accounts.map(() => 0);
  if (twins.every((twin) => twin === null || twin.empty)) return { copies: none, unsure: none };
  const data = await parse();
  const stored = data ? await openStored(data) : null;
  if (!stored) return { copies: none, unsure: none };
  const batches = accounts.map((): Keyed[] => []);
  const flush = async (i: number) => {
    await twins[i]?.sort(db, batches[i]!);
    batches[i] = [];
  };
  for await (const { account, key, line } of stored.lines()) {
    if (!twins[account] || twins[account].empty) continue;
    batches[account]!.push({ item: line, key });
    if (batches[account]!.length >= BATCH) await flush(account);
  }
  for (let i = 0; i < accounts.length; i++) await flush(i);
  return {
    copies: twins.map((twin) => twin?.copies ?? 0),
    unsure: twins.map((twin) => twin?.unsure ?? 0),
  };
}
