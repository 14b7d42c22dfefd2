import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The API package's folder (apps/api), found by walking up from this module: the same answer
 * whether the code runs from its TypeScript sources or from the bundle in dist/, whose depth
 * differs. Files that ship beside the code (migrations, demo data, the web build) are found
 * from here.
 */
function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const packageRoot = findPackageRoot(import.meta.dirname);
