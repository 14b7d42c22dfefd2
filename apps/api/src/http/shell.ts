/**
 * The web app's page (index.html) as the server sends it for a client-side route: with links to
 * the files that route loads, from `preloads.json`, which the web build writes beside it
 * (apps/web/src/app/preloads.ts). Without them the browser learns of a route's chunks only once
 * the entry has downloaded and run and the router has matched; named in the page, they download
 * beside the entry.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const preloadsFile = z.object({
  pages: z.array(z.object({ pattern: z.string(), files: z.array(z.string()) })),
});

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** Scripts as module preloads, stylesheets fetched ahead (the route's chunk adds them). */
function link(file: string): string {
  const href = escapeAttribute(file);
  return file.endsWith('.css')
    ? `<link rel="preload" as="style" crossorigin href="${href}">`
    : `<link rel="modulepreload" crossorigin href="${href}">`;
}

/**
 * The page for a path (without its query), or undefined when the build wrote no preloads: then
 * index.html goes out as it is. Each variant is made once, here.
 */
export function loadShell(webDist: string): (pathname: string) => string | undefined {
  const file = path.join(webDist, 'preloads.json');
  if (!existsSync(file)) return () => undefined;
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const pages = preloadsFile.parse(JSON.parse(readFileSync(file, 'utf8'))).pages.map((page) => ({
    pattern: new RegExp(page.pattern),
    html: html.replace('</head>', `${page.files.map(link).join('\n')}\n</head>`),
  }));
  return (pathname) => pages.find((page) => page.pattern.test(pathname))?.html;
}
