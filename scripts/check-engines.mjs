#!/usr/bin/env node
// Fails when a package in package-lock.json declares a Node engine that excludes one of the Node
// versions we support (the floor of each line), so that `npm ci` warns on none of them. Packages
// for another platform (npm never installs them here) are left out.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const SUPPORTED = ['20.19.0', '22.13.0', '24.0.0'];

const root = path.resolve(import.meta.dirname, '..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

/** Whether npm would install the package on this machine (its `os` and `cpu` allow it). */
const installable = (entry) =>
  [
    [entry.os, process.platform],
    [entry.cpu, process.arch],
  ].every(
    ([allowed, here]) =>
      !allowed ||
      (allowed.includes(here) && !allowed.includes(`!${here}`)) ||
      (allowed.every((a) => a.startsWith('!')) && !allowed.includes(`!${here}`)),
  );

const problems = [];
for (const [where, entry] of Object.entries(lock.packages)) {
  const range = entry.engines?.node;
  if (!where || !range || !installable(entry)) continue;
  const excluded = SUPPORTED.filter((version) => !semver.satisfies(version, range));
  if (excluded.length > 0) {
    problems.push(`${where}@${entry.version} wants node ${range}: not ${excluded.join(', ')}`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} package(s) would make npm ci warn on a supported Node.`);
  process.exit(1);
}
console.log(`every package accepts Node ${SUPPORTED.join(', ')}`);
