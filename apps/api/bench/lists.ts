/**
 * `npm run bench`: list endpoints on a seeded dataset of 10 000 initiatives with 30 000 activities
 * and 100 000 payments (PGlite in memory, or the PostgreSQL of TEST_DATABASE_URL with
 * TEST_DB=postgres). Prints the median and p95 of each call and the SQL statements it ran, so a
 * regression to N+1 or to a sequential scan shows up as numbers, not as a flaky timed test.
 */
import { sql } from 'drizzle-orm';
import { createTestApp } from '../src/test/app';
import { createUser } from '../src/test/factories';
import { createFunderTree } from '../src/test/funder-factories';

const ROUNDS = 30;
const t = await createTestApp();
const admin = await createUser(t, { role: 'administrator', password: null });
const tree = await createFunderTree(t);
const db = t.database.db;

const seedStart = performance.now();
await db.execute(sql`
  insert into initiatives (grant_id, name, description, purpose, target_audience, budget_cents, hidden)
  select ${tree.grant.id}, 'Initiatief ' || g, 'Beschrijving ' || g, 'Doel', 'Buurt', 500000, g % 10 = 0
  from generate_series(1, 10000) g`);
await db.execute(sql`
  insert into activities (initiative_id, name, description, purpose, target_audience, budget_cents)
  select i.id, 'Activiteit ' || a, 'Beschrijving', 'Doel', 'Buurt', 100000
  from initiatives i cross join generate_series(1, 3) a`);
await db.execute(sql`
  insert into payments (type, amount_cents, booking_date, route, initiative_id, hidden)
  select 'handmatig', case when g % 4 = 0 then 25000 else -(g % 9000) - 1 end,
         now() - (g || ' minutes')::interval,
         case when g % 4 = 0 then 'inkomen' else 'uitgaven' end,
         (g % 10000) + 1, g % 17 = 0
  from generate_series(1, 100000) g`);
await db.execute(sql`analyze`);
console.log(`seeded in ${Math.round(performance.now() - seedStart)} ms`);

async function measure(label: string, url: string, headers: Record<string, string> = {}) {
  const times: number[] = [];
  let statements = 0;
  for (let i = 0; i < ROUNDS; i++) {
    t.queries.length = 0;
    const start = performance.now();
    const res = await t.app.inject({ method: 'GET', url, headers });
    times.push(performance.now() - start);
    statements = t.queries.length;
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  console.log(
    `${label.padEnd(36)} median ${at(0.5).toFixed(1).padStart(7)} ms  p95 ${at(0.95)
      .toFixed(1)
      .padStart(7)} ms  ${statements} statements`,
  );
}

await measure('initiatives, first page (anonymous)', '/api/initiatives?limit=20');
await measure('initiatives, page 250 (anonymous)', '/api/initiatives?offset=5000&limit=20');
await measure(
  'initiatives, name filter (admin)',
  '/api/initiatives?name=99&limit=20',
  admin.headers,
);
await measure('one initiative with activities', '/api/initiative/5001');
await measure(
  'regulation with grant totals',
  `/api/funder/${tree.funder.id}/regulation/${tree.regulation.id}`,
);
await measure('users, first page (admin)', '/api/users', admin.headers);
await t.close();
