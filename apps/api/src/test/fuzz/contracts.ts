import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Endpoint } from '@helder/shared/http';

export interface NamedEndpoint {
  /** `fundersContract.create`: how failures name the endpoint. */
  name: string;
  endpoint: Endpoint;
}

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'response' in value;

/**
 * Every endpoint of every `<feature>/*.contract.ts` in shared, found on disk rather than listed,
 * so a new feature is fuzzed without touching the fuzzer. Works under vitest and under tsx alike
 * (import.meta.glob exists only in the former).
 */
export async function loadContractEndpoints(): Promise<NamedEndpoint[]> {
  const sharedIndex = createRequire(import.meta.url).resolve('@helder/shared');
  const src = path.dirname(sharedIndex);
  const files = readdirSync(src)
    .filter((dir) => statSync(path.join(src, dir)).isDirectory())
    .sort()
    .flatMap((dir) =>
      readdirSync(path.join(src, dir))
        .filter((f) => f.endsWith('.contract.ts'))
        .sort()
        .map((f) => path.join(src, dir, f)),
    );
  const found: NamedEndpoint[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [exportName, contract] of Object.entries(mod).sort(([a], [b]) =>
      a.localeCompare(b),
    )) {
      if (!exportName.endsWith('Contract') || typeof contract !== 'object' || !contract) continue;
      for (const [key, endpoint] of Object.entries(contract)) {
        if (isEndpoint(endpoint)) found.push({ name: `${exportName}.${key}`, endpoint });
      }
    }
  }
  return found;
}
