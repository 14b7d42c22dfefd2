import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments cite the rules by section ("docs/api-rules.md §8"). Every § in the code must name a
 * document of the repository and a section that document has, so a citation can be followed.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const SOURCES = [
  'apps/api/src',
  'apps/api/bench',
  'apps/web/src',
  'apps/web/e2e',
  'packages/shared/src',
  'scripts',
];
const CODE = /\.(ts|tsx|mjs|js|css)$/;
// One citation: the document, then one or more sections ("§4–6", "§5, §7", "§2.7").
const CITATION = /(docs\/[\w-]+\.md) ((?:§[\d.]+(?:[–-][\d.]+)?(?:, )?)+)/g;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(full);
    return CODE.test(entry.name) ? [full] : [];
  });
}

const headings = new Map<string, Set<string>>();
function sectionsOf(doc: string): Set<string> {
  let sections = headings.get(doc);
  if (!sections) {
    const text = existsSync(path.join(root, doc)) ? readFileSync(path.join(root, doc), 'utf8') : '';
    sections = new Set([...text.matchAll(/^#{2,3} ([\d.]+?)\.? /gm)].map((m) => m[1]!));
    headings.set(doc, sections);
  }
  return sections;
}

function problems(): string[] {
  const found: string[] = [];
  const self = path.resolve(import.meta.filename);
  for (const file of SOURCES.flatMap((dir) => files(path.join(root, dir)))) {
    if (file === self) continue;
    const text = readFileSync(file, 'utf8');
    const where = path.relative(root, file);
    const cited = [...text.matchAll(CITATION)];
    const covered = cited.reduce((n, m) => n + (m[2]!.match(/§/g)?.length ?? 0), 0);
    const all = text.match(/§/g)?.length ?? 0;
    if (covered !== all) found.push(`${where}: a § that names no document`);
    for (const [, doc, list] of cited) {
      for (const [, first] of list!.matchAll(/§(\d+(?:\.\d+)*)/g)) {
        if (!sectionsOf(doc!).has(first!)) found.push(`${where}: ${doc} has no §${first}`);
      }
    }
  }
  return found;
}

describe('rule citations in the code', () => {
  it('name a document of the repository and one of its sections', () => {
    expect(problems()).toEqual([]);
  });
});
