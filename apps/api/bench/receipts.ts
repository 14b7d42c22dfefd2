/**
 * `npm run bench` (receipt reading): field accuracy for amount, date, shop and VAT, read by the
 * offline OCR as the job reads them (goal ≥ 90 % for amount and date), and the time per receipt,
 * on two sets made by our own code:
 * - generated: the receipt printed flat, with specks, a slight rotation and blur (a scan);
 * - photographed: the receipt lying on a table as a phone photographs it (see
 *   receipt-photos.ts): at a slant, folded, unevenly lit, in a 3000×4000 JPEG.
 * RECEIPTS sets how many of each (default 30).
 */
import { receiptReader } from '../src/features/receipts/receipt-reader';
import { receiptPhotograph } from '../src/test/receipt-photos';
import {
  generatedReceipt,
  receiptPicture,
  seeded,
  type GeneratedReceipt,
} from '../src/test/receipts';

const GOAL = 0.9;
const COUNT = Number(process.env.RECEIPTS ?? 30);
const FIELDS = ['amount', 'date', 'shop', 'vat'] as const;

const percent = (n: number) => `${(n * 100).toFixed(1)} %`;

interface Tally {
  right: Record<(typeof FIELDS)[number], number>;
  ms: number;
}

const reader = receiptReader();

/** Reads COUNT receipts of one set, each made from its own seed, and counts the right fields. */
async function measure(
  seed: number,
  picture: (receipt: GeneratedReceipt, i: number, random: () => number) => Promise<Buffer>,
) {
  const random = seeded(seed);
  const tally: Tally = { right: { amount: 0, date: 0, shop: 0, vat: 0 }, ms: 0 };
  for (let i = 0; i < COUNT; i++) {
    const receipt = generatedReceipt(random);
    const { truth } = receipt;
    const input = await picture(receipt, i, random);
    const started = performance.now();
    const fields = await reader.read(input, 'image').catch(() => null);
    tally.ms += performance.now() - started;
    if (fields?.amountCents?.value === truth.totalCents) tally.right.amount += 1;
    if (fields?.date?.value === truth.date) tally.right.date += 1;
    if (fields?.shop?.value === truth.shop) tally.right.shop += 1;
    if ((fields?.vatCents?.value ?? null) === truth.vatCents) tally.right.vat += 1;
  }
  return tally;
}

let generated: Tally;
let photographed: Tally;
try {
  // The engine's start is paid once per process, not per receipt: outside the timing.
  await reader.read(await receiptPicture(['Start']), 'image');
  generated = await measure(2026, ({ lines }, i, random) =>
    receiptPicture(lines, {
      rotate: (random() - 0.5) * 4,
      blur: random() < 0.5 ? 0.3 + random() * 0.5 : 0,
      noise: random() * 0.001,
      seed: i + 1,
      format: random() < 0.7 ? 'jpeg' : 'png',
    }),
  );
  photographed = await measure(
    2027,
    async ({ lines }, i) => (await receiptPhotograph(lines, i + 1)).jpeg,
  );
} finally {
  await reader.close();
}

const goal = (field: string, share: number) =>
  field !== 'amount' && field !== 'date' ? '' : share >= GOAL ? 'ok' : `below ${percent(GOAL)}`;
const cell = (field: (typeof FIELDS)[number], tally: Tally) => {
  const share = tally.right[field] / COUNT;
  return `${percent(share).padStart(8)} ${goal(field, share).padEnd(12)}`;
};

console.log(`\nReceipt reading: ${COUNT} receipts of each set`);
console.log(`  ${'field'.padEnd(7)} ${'generated'.padEnd(21)} photographed`);
for (const field of FIELDS) {
  console.log(`  ${field.padEnd(7)} ${cell(field, generated)} ${cell(field, photographed)}`);
}
const ms = (tally: Tally) => `${(tally.ms / COUNT).toFixed(0)} ms`.padEnd(21);
console.log(`  ${'time'.padEnd(7)} ${ms(generated)} ${ms(photographed)} per receipt`);
