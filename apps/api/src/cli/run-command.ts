import { ConfigError } from '../config/env';
import { DataDirLockedError } from '../db/lock';

/**
 * Runs a command that opens the database directly, and ends it with a message a person can act
 * on: exit 1 for a held data directory or bad configuration (or anything else), or the exit code
 * `explain` gives for an error of the command's own (after printing its message).
 */
export function runCommand(
  name: string,
  main: () => Promise<void>,
  explain: (e: unknown) => number | undefined = () => undefined,
) {
  main().catch((e: unknown) => {
    const code = explain(e);
    if (code !== undefined) process.exit(code);
    if (e instanceof DataDirLockedError) {
      console.error(
        `${e.message}\n${name} opens the embedded database directly: ` +
          'stop the Helder server first, then run this command again.',
      );
    } else if (e instanceof ConfigError) {
      console.error(e.message);
    } else {
      console.error(e);
    }
    process.exit(1);
  });
}
