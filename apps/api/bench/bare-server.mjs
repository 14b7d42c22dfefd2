// The references of the load bench (load.ts), bare Fastify routes on the paths the API answers:
//
// - anonymous (no Authorization): the body Helder sent for the URL, from memory. No database, no
//   validation, no permissions: what the public cache costs is what it takes beyond this.
// - logged in (with Authorization, not checked): the statements the API sends for the URL
//   (same-sql.ts recorded them, with their parameters) run one after another through a
//   node-postgres pool set up as the API's (BARE_POOL_SIZE connections, JIT off, each statement with
//   parameters prepared once per connection except those with both a LIMIT and an OFFSET
//   placeholder, as db/prepared.ts does, ADR 0017 and 0033), answered
//   with JSON.stringify of their rows. What a logged-in read costs is what it takes beyond this.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const bodies = JSON.parse(readFileSync(process.env.BARE_BODIES, 'utf8'));
const recorded = process.env.BARE_STATEMENTS
  ? JSON.parse(readFileSync(process.env.BARE_STATEMENTS, 'utf8'))
  : {};
const pool =
  process.env.BARE_DATABASE_URL &&
  new pg.Pool({
    connectionString: process.env.BARE_DATABASE_URL,
    max: Number(process.env.BARE_POOL_SIZE),
    options: '-c jit=off',
  });

// The query configs are made once: the route does nothing per request but run them.
const OFFSET = /\blimit \$\d+ offset \$\d+/i;
const statements = Object.fromEntries(
  Object.entries(recorded).map(([url, list]) => [
    url,
    list.map(({ text, params }) => ({
      text,
      values: params,
      ...(params.length > 0 && !OFFSET.test(text)
        ? { name: `bare_${createHash('sha1').update(text).digest('base64url')}` }
        : {}),
    })),
  ]),
);

const app = Fastify({ logger: false });
const urls = new Set([...Object.keys(bodies), ...Object.keys(statements)]);
for (const path of new Set([...urls].map((url) => url.split('?')[0]))) {
  app.get(path, async (request, reply) => {
    reply.type('application/json; charset=utf-8');
    const list = request.headers.authorization ? statements[request.url] : undefined;
    if (!list) return bodies[request.url];
    const rows = [];
    for (const query of list) rows.push((await pool.query(query)).rows);
    return JSON.stringify(rows);
  });
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
