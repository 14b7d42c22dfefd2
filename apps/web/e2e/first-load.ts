/**
 * What a browser transfers on a first visit to a page, nothing cached: each response with its
 * bytes on the wire. Shared by the budget test (budget.spec.ts) and `npm run bench`.
 */
import type { Page } from '@playwright/test';

export const KB = 1024;

export interface Transfer {
  url: string;
  type: string;
  encoding: string | undefined;
  /** The body as sent (compressed, when it was). */
  body: number;
  /** Body and headers. */
  bytes: number;
}

/** Opens `path` in a fresh page, waits for `ready` and the network to settle, lists it all. */
export async function firstLoad(
  page: Page,
  path: string,
  ready: (page: Page) => Promise<void> = async () => {},
) {
  const finished: Promise<Transfer>[] = [];
  page.on('requestfinished', (request) => {
    finished.push(
      Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
        url: new URL(request.url()).pathname,
        type: request.resourceType(),
        encoding: response?.headers()['content-encoding'],
        body: sizes.responseBodySize,
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
      })),
    );
  });
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  return Promise.all(finished);
}

/**
 * JavaScript (compressed bodies) and everything (bodies and headers), with a line per file: its
 * body as sent, then with its headers.
 */
export function summarize(path: string, transfers: Transfer[]) {
  const scripts = transfers.filter((t) => t.type === 'script');
  const script = scripts.reduce((total, t) => total + t.body, 0);
  const total = transfers.reduce((sum, t) => sum + t.bytes, 0);
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  const lines = [...transfers]
    .sort((a, b) => b.bytes - a.bytes)
    .map(
      (t) => `${kb(t.body).padStart(9)} ${kb(t.bytes).padStart(9)}  ${t.type.padEnd(10)} ${t.url}`,
    );
  const headline = `${path}: JavaScript ${kb(script)}, in all ${kb(total)} in ${transfers.length} requests`;
  return { scripts, script, total, headline, report: [headline, ...lines].join('\n') };
}
