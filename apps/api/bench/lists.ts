/**
 * `npm run bench`: list endpoints on a seeded dataset of 10 000 initiatives with 30 000 activities
 * and 100 000 payments (PGlite in memory, or the PostgreSQL of TEST_DATABASE_URL with
 * TEST_DB=postgres). Prints the median and p95 of each call and the SQL statements it ran, so a
 * regression to N+1 or to a sequential scan shows up as numbers, not as a flaky timed test.
 *
 * Then the payment lists, the initiatives list, an initiative and a regulation with their totals
 * on 10 000 and on 1 000 000 payments (BENCH_PAYMENTS=200000 for a quicker second size), each
 * with its ratio between the two sizes: a read served by an index stays within 2×; one that scans
 * the table grows with it. The same for the reads added since: a payment with its look-alike
 * column, the spending series, the review summary, the funder's overview, the receipt inbox with
 * its matches and the weekly reminder selection.
 */
import { eq, min, sql } from 'drizzle-orm';
import { activities, payments } from '../src/db/schema';
import { selectReminders } from '../src/features/reminders/reminders.queries';
import { createTestApp } from '../src/test/app';
import { createUser } from '../src/test/factories';
import { createFunderTree } from '../src/test/funder-factories';

const ROUNDS = 30;
/** Untimed calls first, so the medians compare warm caches and planned statements. */
const WARM_UP = 5;
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

interface Measured {
  median: number;
  statements: number;
  body: unknown;
}

async function measure(
  label: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<Measured> {
  const times: number[] = [];
  let statements = 0;
  let body: unknown;
  for (let i = 0; i < WARM_UP; i++) await t.app.inject({ method: 'GET', url, headers });
  for (let i = 0; i < ROUNDS; i++) {
    t.queries.length = 0;
    const start = performance.now();
    const res = await t.app.inject({ method: 'GET', url, headers });
    times.push(performance.now() - start);
    statements = t.queries.length;
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
    body = res.json();
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  console.log(
    `${label.padEnd(44)} median ${at(0.5).toFixed(1).padStart(7)} ms  p95 ${at(0.95)
      .toFixed(1)
      .padStart(7)} ms  ${statements} statements`,
  );
  return { median: at(0.5), statements, body };
}

/** `measure` for a query called directly (no route serves it: the reminder job's selection). */
async function measureCall(label: string, call: () => Promise<unknown>): Promise<Measured> {
  const times: number[] = [];
  let statements = 0;
  let body: unknown;
  for (let i = 0; i < WARM_UP; i++) await call();
  for (let i = 0; i < ROUNDS; i++) {
    t.queries.length = 0;
    const start = performance.now();
    body = await call();
    times.push(performance.now() - start);
    statements = t.queries.length;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `${label.padEnd(44)} median ${median.toFixed(1).padStart(7)} ms  ${statements} statements`,
  );
  return { median, statements, body };
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

/*
 * Payment lists, 10k vs 1M payments in all. The measured initiative holds the same 6 000 payments
 * (1 500 of them in its first activity, the measured one, every 17th hidden) at both sizes; only the other
 * initiatives' payments grow, from 4 000 to 994 000. So both sizes serve the very same page and
 * the same totalCount from a table 100× larger, and the ratio shows whether the query stays
 * within its initiative (payments_initiative_idx, payments_activity_idx) or scans the table.
 * 6 000 is well over offset 5000 and within the 10k total. Growing the initiative itself
 * (a fixed share of the table) would measure something else: count(*) and offset walk the
 * initiative's rows, so they grow with its size whatever the index.
 */
const MEASURED = 5001;
const MEASURED_PAYMENTS = 6000;
const SMALL = 10_000;
const LARGE = Number(process.env.BENCH_PAYMENTS ?? 1_000_000);
const owner = await createUser(t);
await db.execute(sql`insert into initiative_owners (initiative_id, user_id)
  values (${MEASURED}, ${owner.user.id})`);
// An installation with a million payments has analysed its owners long since. Never analysed,
// the one-row table looks to the planner like thousands of owners, and the reminder selection
// reads every payment (194 ms at 1M) where it reads only the owner's (29 ms).
await db.execute(sql`analyze initiative_owners`);
const [first] = await db
  .select({ id: min(activities.id) })
  .from(activities)
  .where(eq(activities.initiativeId, MEASURED));
const activity = first!.id!;

await db.execute(sql`truncate payments cascade`);
await db.execute(sql`
  insert into payments (type, amount_cents, booking_date, route, initiative_id, activity_id, hidden)
  select 'handmatig', case when g % 4 = 0 then 25000 else -(g % 9000) - 1 end,
         now() - (g * 150 || ' minutes')::interval,
         case when g % 4 = 0 then 'inkomen' else 'uitgaven' end,
         ${MEASURED},
         (array(select id from activities where initiative_id = ${MEASURED} order by id))[
           nullif(g % 4, 0)],
         g % 17 = 0
  from generate_series(1, ${MEASURED_PAYMENTS}) g`);

// Twenty receipts in the owner's inbox, each read as the amount and day of one of the measured
// initiative's expenses, so the inbox list runs its matching query on every one.
await db.execute(sql`
  insert into receipt_inbox (initiative_id, uploaded_by, storage_key, status, fields)
  select ${MEASURED}, ${owner.user.id}, 'bench/receipt-' || p.id, 'done',
    jsonb_build_object(
      'amountCents', jsonb_build_object('value', -p.amount_cents),
      'date', jsonb_build_object(
        'value', to_char(p.booking_date at time zone 'Europe/Amsterdam', 'YYYY-MM-DD')),
      'shop', jsonb_build_object('value', 'Bouwmarkt'))
  from payments p
  where p.initiative_id = ${MEASURED} and p.amount_cents < 0
  order by p.id limit 20`);
const [measuredPayment] = await db
  .select({ id: min(payments.id) })
  .from(payments)
  .where(eq(payments.initiativeId, MEASURED));
const regulationUrl = `/api/funder/${tree.funder.id}/regulation/${tree.regulation.id}`;

/** Payments numbered from..to of the other initiatives, spread over their activities. */
async function seedOthers(from: number, to: number) {
  const start = performance.now();
  await db.execute(sql`
    with acts as (
      select id, initiative_id, (row_number() over (order by id) - 1)::int as k
      from activities where initiative_id <> ${MEASURED}),
    n as (select count(*)::int as c from acts)
    insert into payments (type, amount_cents, booking_date, route, initiative_id, activity_id, hidden)
    select 'handmatig', case when g % 4 = 0 then 25000 else -(g % 9000) - 1 end,
           now() - (g || ' minutes')::interval,
           case when g % 4 = 0 then 'inkomen' else 'uitgaven' end,
           acts.initiative_id, case when g % 3 = 0 then null else acts.id end, g % 17 = 0
    from generate_series(${from}::int, ${to}::int) g
    cross join n join acts on acts.k = g % n.c`);
  // What autovacuum would have done by the time a table has grown this much.
  await db.execute(sql`vacuum analyze payments`);
  const n = await db.$count(payments);
  console.log(`\n${n} payments (seeded in ${Math.round(performance.now() - start)} ms)`);
}

const initiativeUrl = `/api/payments/initiative/${MEASURED}`;
const sizedLists: Array<[string, string, Record<string, string>?]> = [
  ['initiative payments, first page (anonymous)', `${initiativeUrl}?limit=20`],
  ['initiative payments, offset 5000 (anonymous)', `${initiativeUrl}?offset=5000&limit=20`],
  ['initiative payments, first page (owner)', `${initiativeUrl}?limit=20`, owner.headers],
  [
    'initiative payments, offset 5000 (owner)',
    `${initiativeUrl}?offset=5000&limit=20`,
    owner.headers,
  ],
  ['activity payments, first page (anonymous)', `${initiativeUrl}/activity/${activity}?limit=20`],
  [
    'activity payments, first page (owner)',
    `${initiativeUrl}/activity/${activity}?limit=20`,
    owner.headers,
  ],
  [
    'user payments, first page (owner)',
    `/api/payments/user/${owner.user.id}?limit=20`,
    owner.headers,
  ],
  // Their totals sum payments that grow with the table: about 100 per initiative at 1M.
  ['initiatives, page 250 (anonymous)', '/api/initiatives?offset=5000&limit=20'],
  ['one initiative with activities', `/api/initiative/${MEASURED + 1}`],
  ['regulation with grant totals', regulationUrl],
  ['a payment with its look-alike (owner)', `/api/payment/${measuredPayment!.id}`, owner.headers],
  ['initiative spending series (anonymous)', `/api/initiative/${MEASURED}/spending`],
  ['regulation spending series (anonymous)', `${regulationUrl}/spending`],
  ['review summary (owner)', `${initiativeUrl}/review`, owner.headers],
  ['regulation overview, 10 000 initiatives (admin)', `${regulationUrl}/overview`, admin.headers],
  ['receipt inbox with matches (owner)', '/api/receipts/inbox', owner.headers],
];
const WEEK = '2026-W01';
const results: Measured[][] = [];
for (const [from, to] of [
  [1, SMALL - MEASURED_PAYMENTS],
  [SMALL - MEASURED_PAYMENTS + 1, LARGE - MEASURED_PAYMENTS],
] as const) {
  await seedOthers(from, to);
  const atSize: Measured[] = [];
  for (const [label, url, headers] of sizedLists) atSize.push(await measure(label, url, headers));
  atSize.push(await measureCall('reminder selection', () => selectReminders(db, new Date(), WEEK)));
  results.push(atSize);
}

const totalOf = (m: Measured) => (m.body as { totalCount: number }).totalCount;
const k = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);
console.log(
  `\n${'payments in the table'.padEnd(44)} ${k(SMALL).padStart(7)} ${k(LARGE).padStart(8)}    ratio`,
);
[...sizedLists.map(([label]) => label), 'reminder selection'].forEach((label, i) => {
  const [small, large] = [results[0]![i]!, results[1]![i]!];
  // The same page at both sizes, or the comparison means nothing.
  if (totalOf(small) !== totalOf(large)) {
    throw new Error(`${label}: totalCount ${totalOf(small)} at ${k(SMALL)}, ${totalOf(large)}`);
  }
  const ratio = large.median / small.median;
  console.log(
    `${label.padEnd(44)} ${small.median.toFixed(1).padStart(7)} ${large.median
      .toFixed(1)
      .padStart(8)} ms ${ratio.toFixed(2).padStart(6)}×${ratio > 2 ? '  over 2×' : ''}`,
  );
});
await t.close();
