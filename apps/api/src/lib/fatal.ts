import type { Logger } from 'pino';

/**
 * After an error nothing caught, the process is in a state no one planned for: it logs the error
 * as fatal and exits with 1, so that the supervisor (systemd, a container runtime) starts a clean
 * one instead of leaving a half-working server up. Node would exit too, but unlogged.
 */
export function exitOnFatalErrors(log: Logger) {
  const fail = (kind: string) => (err: unknown) => {
    log.fatal({ err }, `${kind}: exiting`);
    process.exit(1);
  };
  process.on('uncaughtException', fail('uncaught exception'));
  process.on('unhandledRejection', fail('unhandled promise rejection'));
}
