import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { initiativesSeeded } from './seed-initiatives.checks';
import { mediaSeeded } from './seed-media.checks';
import { paymentsSeeded } from './seed-payments.checks';
import { reviewsSeeded } from './seed-reviews.checks';
import { sponsorsSeeded } from './seed-sponsors.checks';
import { statementsSeeded } from './seed-statements.checks';
import { seedDemo } from './seed';

// The demo seed is the slowest setup of the suite: it runs once here for all of its checks. The
// statement checks import the demo file again, so they come last.
let seeded: { t: TestApp; seededAt: Date } | undefined;
beforeAll(async () => {
  const t = await createTestApp();
  const seededAt = new Date();
  await seedDemo({
    db: t.database.db,
    log: pino({ enabled: false }),
    config: t.config,
    storage: t.storage,
  });
  seeded = { t, seededAt };
});
afterAll(() => seeded?.t.close());

const get = () => seeded!;
sponsorsSeeded(get);
initiativesSeeded(get);
mediaSeeded(get);
paymentsSeeded(get);
reviewsSeeded(get);
statementsSeeded(get);
