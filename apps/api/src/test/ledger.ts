/**
 * A generated ledger of linked bank lines, as a year of a neighbourhood fund's accounts looks:
 * regular suppliers each working for one initiative (now and then for another), one-off shops,
 * recurring amounts (rent, bank costs), descriptions in the initiatives' own words, and a few
 * bank accounts each used mostly for one initiative. Seeded, so every run is the same ledger.
 */
import { SuggestionModel, type LearnedLink } from '../features/payments/suggest';

/** A small seeded generator (mulberry32): the same ledger for the same seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOPICS = [
  ['moestuin', 'zaden', 'compost', 'gieters', 'plantenbak'],
  ['barbecue', 'houtskool', 'worstjes', 'partytent', 'bbq'],
  ['huiswerkklas', 'schriften', 'laptop', 'bijles', 'printer'],
  ['speeltuin', 'zandbak', 'schommel', 'verf', 'hek'],
  ['koor', 'bladmuziek', 'dirigent', 'repetitie', 'zaalhuur'],
  ['repaircafe', 'soldeer', 'gereedschap', 'onderdelen', 'koffie'],
  ['buurtkrant', 'drukwerk', 'papier', 'bezorging', 'toner'],
  ['straatfeest', 'springkussen', 'muziek', 'vergunning', 'dranghekken'],
];
const SHOPS = ['Gamma', 'Praxis', 'Action', 'Hema', 'Albert Heijn', 'Jumbo', 'Bol.com', 'Blokker'];

const iban = (n: number) => `NL${String(10 + (n % 89))}TEST${String(n).padStart(10, '0')}`;

/** `size` linked lines, oldest first, over `initiatives` initiatives. */
export function generatedLedger(size: number, initiatives = 24, seed = 33): LearnedLink[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const topicOf = (i: number) => TOPICS[i % TOPICS.length]!;
  const initiative = (i: number) => ({
    initiativeId: i + 1,
    initiativeName: `${topicOf(i)[0]} ${Math.floor(i / TOPICS.length) + 1}`,
  });
  // Regular suppliers: each mostly for one initiative, with one of its activities.
  const suppliers = Array.from({ length: initiatives * 6 }, (_, n) => ({
    n,
    home: n % initiatives,
    activity: next() < 0.5 ? (n % initiatives) * 10 + (n % 3) + 1 : null,
    amount: next() < 0.3 ? -Math.round(500 + next() * 50_000) : null,
  }));
  const accounts = Math.max(2, Math.floor(initiatives / 4));
  const lines: LearnedLink[] = [];
  for (let k = 0; k < size; k++) {
    const regular = next() < 0.85;
    const supplier = pick(suppliers);
    const home = regular ? supplier.home : Math.floor(next() * initiatives);
    const strays = regular && next() < 0.05;
    const target = strays ? Math.floor(next() * initiatives) : home;
    const words = topicOf(target);
    const activityId = regular && !strays ? supplier.activity : null;
    lines.push({
      counterpartyIban: regular ? iban(supplier.n) : iban(100_000 + k),
      counterpartyName: regular ? `Leverancier ${supplier.n} B.V.` : `${pick(SHOPS)} ${k % 97}`,
      description: `${pick(words.slice(1))} ${pick(words)} ${k}`,
      amountCents: (regular && supplier.amount) || -Math.round(100 + next() * 40_000),
      ownAccount: `NL00OWN${target % accounts}`,
      ...initiative(target),
      activityId,
      activityName: activityId === null ? null : `Activiteit ${activityId}`,
    });
  }
  return lines;
}

/**
 * How often the first suggestion names the right initiative for the tenth of the links held back
 * (every tenth), learning from the other nine tenths; a line with no suggestion counts as wrong.
 */
export function heldBackAccuracy(links: readonly LearnedLink[]) {
  const learned = links.filter((_, i) => i % 10 !== 9);
  const held = links.filter((_, i) => i % 10 === 9);
  const model = new SuggestionModel(learned);
  let right = 0;
  for (const line of held) {
    if (model.suggest(line)?.initiativeId === line.initiativeId) right++;
  }
  return { right, total: held.length, accuracy: held.length === 0 ? 0 : right / held.length };
}
