/**
 * `npm run bench` (receipt reading): field accuracy for amount, date, shop and VAT on receipts
 * made by our own code (printed text with specks, rotation and blur, Dutch formats), read by the
 * offline OCR as the job reads them (goal ≥ 90 % for amount and date), and the time per receipt.
 * RECEIPTS sets how many (default 30).
 */
import { receiptReader } from '../src/features/receipts/receipt-reader';
import { generatedReceipt, receiptPicture, seeded } from '../src/test/receipts';

const GOAL = 0.9;
const COUNT = Number(process.env.RECEIPTS ?? 30);

const percent = (n: number) => `${(n * 100).toFixed(1)} %`;

const random = seeded(2026);
const reader = receiptReader();
const right = { amount: 0, date: 0, shop: 0, vat: 0 };
let elapsed = 0;
try {
  // The engine's start is paid once per process, not per receipt: outside the timing.
  await reader.read(await receiptPicture(['Start']), 'image');
  for (let i = 0; i < COUNT; i++) {
    const { lines, truth } = generatedReceipt(random);
    const picture = await receiptPicture(lines, {
      rotate: (random() - 0.5) * 4,
      blur: random() < 0.5 ? 0.3 + random() * 0.5 : 0,
      noise: random() * 0.001,
      seed: i + 1,
      format: random() < 0.7 ? 'jpeg' : 'png',
    });
    const started = performance.now();
    const fields = await reader.read(picture, 'image').catch(() => null);
    elapsed += performance.now() - started;
    if (fields?.amountCents?.value === truth.totalCents) right.amount += 1;
    if (fields?.date?.value === truth.date) right.date += 1;
    if (fields?.shop?.value === truth.shop) right.shop += 1;
    if ((fields?.vatCents?.value ?? null) === truth.vatCents) right.vat += 1;
  }
} finally {
  await reader.close();
}

console.log(`\nReceipt reading: ${COUNT} generated receipts`);
for (const [field, count] of Object.entries(right)) {
  const share = count / COUNT;
  const goal =
    field === 'amount' || field === 'date'
      ? share >= GOAL
        ? ' ok'
        : ` below the goal of ${percent(GOAL)}`
      : '';
  console.log(`  ${field.padEnd(7)} ${percent(share).padStart(8)}${goal}`);
}
console.log(`  ${(elapsed / COUNT).toFixed(0)} ms per receipt`);
