import type { Failure, FuzzResult } from './runner';

const PREVIEW = 200;

/** At most PREVIEW characters, escaped so that NUL bytes and surrogates stay visible. */
export function preview(data: string | Buffer | undefined): string {
  if (data === undefined) return '(none)';
  const text = typeof data === 'string' ? data : data.toString('utf8');
  const size = typeof data === 'string' ? `${data.length} chars` : `${data.length} bytes`;
  if (text.length <= PREVIEW) return JSON.stringify(text);
  return `${JSON.stringify(text.slice(0, PREVIEW))}… (${size})`;
}

const shortUrl = (url: string) =>
  url.length > 300 ? `${url.slice(0, 300)}… (${url.length} chars)` : url;

/** The cause a failure most likely shares with others: where, what kind of input, what came back. */
const groupKey = (f: Failure) =>
  `${f.case.endpoint} · ${f.case.kind} · ${String(f.status)} · ${f.problems.join(', ')}`;

function formatFailure(f: Failure): string {
  const c = f.case;
  const contentType = c.headers['content-type'];
  return [
    `#${c.index} ${f.caller}: ${c.label}`,
    `  ${c.method} ${shortUrl(c.url)}`,
    `  content-type: ${contentType === undefined ? '(none)' : preview(contentType)}` +
      (c.anonAuth !== undefined && f.caller === 'anonymous'
        ? `  authorization: ${preview(c.anonAuth)}`
        : ''),
    `  body: ${preview(c.payload)}`,
    `  → ${String(f.status)} ${preview(f.body)}`,
    `  problems: ${f.problems.join('; ')}`,
  ].join('\n');
}

function formatStatusCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
}

/** The whole run: seed first (to repeat it), counts, then every failure grouped by cause. */
export function formatReport(r: FuzzResult): string {
  const groups = new Map<string, Failure[]>();
  for (const f of r.failures) {
    const key = groupKey(f);
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const repeat =
    r.only === undefined
      ? `npm run fuzz -- --seed ${r.seed} --count ${r.count}; one case: add --case N`
      : `npm run fuzz -- --seed ${r.seed} --case ${r.only}`;
  const lines = [
    `fuzz seed ${r.seed}: ${r.requests} requests in ${(r.durationMs / 1000).toFixed(1)} s ` +
      `(repeat: ${repeat})`,
    `statuses: ${formatStatusCounts(r.statusCounts)}`,
    `fixture topped up ${r.reseeds} times`,
  ];
  if (r.health.length > 0) lines.push(`health problems:\n  ${r.health.join('\n  ')}`);
  if (r.failures.length === 0) {
    lines.push('no failures');
    return lines.join('\n');
  }
  // One line per kind of failure across endpoints: usually one cause each.
  const causes = new Map<string, Failure[]>();
  for (const f of r.failures) {
    const key = `${String(f.status)} · ${f.problems.join(', ')}`;
    causes.set(key, [...(causes.get(key) ?? []), f]);
  }
  lines.push(`${r.failures.length} failing requests; by kind of failure:`);
  for (const [key, failures] of [...causes].sort(([a], [b]) => a.localeCompare(b))) {
    const endpoints = new Set(failures.map((f) => f.case.endpoint));
    const kinds = [...new Set(failures.map((f) => f.case.kind))].sort().join(', ');
    lines.push(`  ${key}: ${failures.length} requests, ${endpoints.size} endpoints (${kinds})`);
  }
  lines.push(
    '',
    `every failing request, in ${groups.size} groups (endpoint · case kind · status):`,
  );
  for (const [key, failures] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push('', `== ${key} (${failures.length})`);
    for (const f of failures) lines.push(formatFailure(f));
  }
  return lines.join('\n');
}
