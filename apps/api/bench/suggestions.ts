/**
 * `npm run bench` (link suggestions): how often the first suggestion names the right initiative
 * for a held-back tenth of the links (learning from the other nine tenths), on the demo's links
 * and on a generated ledger (goal ≥ 80 %), and how long suggesting 10 000 lines takes.
 */
import { isNotNull, sql } from 'drizzle-orm';
import pino from 'pino';
import { seedDemo } from '../src/db/seed';
import { payments } from '../src/db/schema';
import { SuggestionModel, type LearnedLink } from '../src/features/payments/suggest';
import { generatedLedger, heldBackAccuracy } from '../src/test/ledger';
import { createTestApp } from '../src/test/app';

const GOAL = 0.8;
const LINES = 10_000;

const percent = (n: number) => `${(n * 100).toFixed(1)} %`;
const verdict = (n: number) => (n >= GOAL ? 'ok' : `below the goal of ${percent(GOAL)}`);

async function demoLinks(): Promise<LearnedLink[]> {
  const t = await createTestApp();
  try {
    await seedDemo({
      db: t.database.db,
      log: pino({ enabled: false }),
      config: t.config,
      storage: t.storage,
    });
    const out = sql`${payments.amountCents} < 0`;
    return await t.database.db
      .select({
        counterpartyIban: sql<
          string | null
        >`case when ${out} then ${payments.creditorAccount} else ${payments.debtorAccount} end`,
        counterpartyName: sql<
          string | null
        >`case when ${out} then ${payments.creditorName} else ${payments.debtorName} end`,
        description: payments.shortUserDescription,
        amountCents: payments.amountCents,
        ownAccount: sql<
          string | null
        >`case when ${out} then coalesce(${payments.debtorAccount}, ${payments.debtorName}) else coalesce(${payments.creditorAccount}, ${payments.creditorName}) end`,
        initiativeId: sql<number>`${payments.initiativeId}`,
        initiativeName: sql<string>`''`,
        activityId: payments.activityId,
        activityName: sql<string | null>`null`,
      })
      .from(payments)
      .where(isNotNull(payments.initiativeId))
      .orderBy(payments.bookingDate, payments.id);
  } finally {
    await t.close();
  }
}

const report = (name: string, links: readonly LearnedLink[]) => {
  const { right, total, accuracy } = heldBackAccuracy(links);
  console.log(
    `${name}: ${links.length} links, first suggestion right for ${right} of ${total} held back = ${percent(accuracy)} (${verdict(accuracy)})`,
  );
};

console.log('Link suggestions');
report('demo', await demoLinks());
const ledger = generatedLedger(20_000);
report('generated ledger', ledger);

const lines = generatedLedger(LINES, 24, 77);
const start = performance.now();
// Learning is part of every call: the API learns per request.
const built = new SuggestionModel(ledger.slice(0, 10_000));
let suggested = 0;
for (const line of lines) if (built.suggest(line)) suggested++;
const ms = performance.now() - start;
console.log(
  `suggesting ${LINES} lines from 10000 earlier links: ${ms.toFixed(0)} ms (${suggested} with a suggestion)`,
);
