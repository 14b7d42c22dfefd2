/**
 * Imports running in this process and how far each has come. An import is one transaction, so
 * its progress cannot be read from the database while it runs; the instance running it keeps
 * count here. Another instance answers from the database alone: still a preview until the
 * import commits (docs/api-rules.md §13).
 */
interface Running {
  userId: number;
  total: number;
  done: number;
}

const running = new Map<number, Running>();

export const importProgress = {
  start(importId: number, userId: number) {
    running.set(importId, { userId, total: 0, done: 0 });
  },
  /** How many lines the import will add, once it knows. */
  total(importId: number, total: number) {
    const entry = running.get(importId);
    if (entry) entry.total = total;
  },
  advance(importId: number, lines: number) {
    const entry = running.get(importId);
    if (entry) entry.done += lines;
  },
  finish(importId: number) {
    running.delete(importId);
  },
  /** The running import of this user, or undefined. */
  of(importId: number, userId: number): Readonly<Running> | undefined {
    const entry = running.get(importId);
    return entry?.userId === userId ? entry : undefined;
  },
};
