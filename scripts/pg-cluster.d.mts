// Types of pg-cluster.mjs for the TypeScript tests that import it.

export interface Cluster {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: string;
  /** The directory of the PostgreSQL binaries used. */
  bin: string;
  /** The temp dir holding the data directory, the socket and the server log. */
  dir: string;
  port: number;
  /** `pg_ctl restart -m fast`: clients are disconnected; resolves once it accepts again. */
  restart(): Promise<void>;
  /** Stops the server at once and removes `dir`; safe to call more than once. */
  stop(): void;
}

export const PG_BIN_LOCATIONS: string;
export function findPgBin(): string | null;
export function startCluster(options?: { database?: string }): Promise<Cluster>;
