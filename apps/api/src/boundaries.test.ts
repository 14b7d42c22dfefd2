import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Features import each other only through their index (docs/architecture.md): ESLint says so
 * while editing, this test makes sure no run of the suite can miss it.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const FEATURE_ROOTS = ['apps/api/src/features', 'apps/web/src/features'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"](\.[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The feature a file belongs to and the rest of its path, or null outside the features. */
function featureOf(featuresDir: string, file: string) {
  const relative = path.relative(featuresDir, file);
  if (relative.startsWith('..')) return null;
  const [feature, ...rest] = relative.split(path.sep);
  return { feature: feature!, rest: rest.join('/') };
}

function boundaryViolations(featuresDir: string): string[] {
  const violations: string[] = [];
  for (const file of sourceFiles(featuresDir)) {
    const own = featureOf(featuresDir, file)!;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = featureOf(featuresDir, path.resolve(path.dirname(file), specifier!));
      if (!target || target.feature === own.feature) continue;
      if (!/^(index(\.tsx?)?)?$/.test(target.rest)) {
        violations.push(`${path.relative(root, file)} imports ${specifier}`);
      }
    }
  }
  return violations;
}

describe.each(FEATURE_ROOTS)('the features in %s', (featuresRoot) => {
  it('import another feature only through its index, never its internals', () => {
    expect(boundaryViolations(path.join(root, featuresRoot))).toEqual([]);
  });
});
