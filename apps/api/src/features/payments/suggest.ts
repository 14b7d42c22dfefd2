/**
 * Link suggestions for unlinked bank lines, learned from earlier links (pure: no database). Every
 * kind of evidence votes for the initiatives its earlier links went to, the stronger kinds with
 * more weight: the same counterparty account, the same counterparty name, description words in
 * common (rare words count more), the same amount, and the bank account the line came from. The
 * initiative with most votes is proposed; its activity too when the earlier links that decided
 * agree on one. The confidence follows the strongest evidence for it, how undivided that evidence
 * is and how often it was seen, so one earlier link is never 'sure'.
 */
import type { SuggestionReason } from '@helder/shared/payments';

/** A bank line: its counterparty and text, as the import stored them. */
export interface SuggestLine {
  counterpartyIban: string | null;
  counterpartyName: string | null;
  description: string | null;
  amountCents: number;
  /**
   * Our side of the line: the account it was booked on (its IBAN), or the organisation's name
   * where a manual payment names no account.
   */
  ownAccount: string | null;
}

/** An earlier link, of a target the caller may link to (activity null where they may not). */
export interface LearnedLink extends SuggestLine {
  initiativeId: number;
  initiativeName: string;
  activityId: number | null;
  activityName: string | null;
}

export interface Suggestion {
  initiativeId: number;
  initiativeName: string;
  activityId: number | null;
  activityName: string | null;
  confidence: number;
  reason: { kind: SuggestionReason; count: number };
}

/** How much each kind of evidence weighs in the vote, and how far it alone can be trusted. */
const WEIGHT: Record<SuggestionReason, number> = {
  iban: 8,
  counterparty: 6,
  words: 3,
  amount: 1.5,
  account: 4,
};
const STRENGTH: Record<SuggestionReason, number> = {
  iban: 1,
  counterparty: 0.95,
  words: 0.8,
  amount: 0.55,
  account: 0.45,
};
const KINDS = Object.keys(WEIGHT) as SuggestionReason[];

/** Share of earlier links that must agree on an activity before it is proposed. */
const ACTIVITY_AGREEMENT = 2 / 3;

/** Legal forms and filler that say nothing about who the counterparty is. */
const NAME_NOISE = new Set(['bv', 'b', 'v', 'nv', 'vof', 'de', 'het', 'van', 'en', 'the']);
const STOP_WORDS = new Set([
  'van',
  'voor',
  'het',
  'een',
  'met',
  'aan',
  'den',
  'der',
  'per',
  'and',
  'the',
  'for',
  'via',
  'nummer',
  'betaling',
  'factuur',
  'kenmerk',
  'omschrijving',
]);

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** A counterparty's name without case, accents, punctuation and legal form. */
export function normalName(name: string | null): string {
  if (!name) return '';
  return fold(name)
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '' && !NAME_NOISE.has(w))
    .join(' ');
}

const normalIban = (iban: string | null) => (iban ? iban.replace(/\s/g, '').toUpperCase() : '');

/** The description's telling words: three letters or more, no numbers or filler. */
export function descriptionWords(text: string | null): string[] {
  if (!text) return [];
  const words = fold(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && !/\d/.test(w) && !STOP_WORDS.has(w));
  return [...new Set(words)];
}

/** Earlier links per key, counted per link target. */
class Tally {
  readonly byKey = new Map<string, Map<number, number[]>>();
  add(key: string, initiativeId: number, link: number) {
    if (key === '') return;
    let targets = this.byKey.get(key);
    if (!targets) this.byKey.set(key, (targets = new Map<number, number[]>()));
    const links = targets.get(initiativeId);
    if (links) links.push(link);
    else targets.set(initiativeId, [link]);
  }
  get(key: string) {
    return key === '' ? undefined : this.byKey.get(key);
  }
}

const keysOf = (line: SuggestLine) => ({
  iban: [normalIban(line.counterpartyIban)],
  counterparty: [normalName(line.counterpartyName)],
  words: descriptionWords(line.description),
  amount: [String(line.amountCents)],
  account: [normalIban(line.ownAccount)],
});

/** Votes per initiative of one kind of evidence, summing to 1. */
type Evidence = Map<number, number>;

/** What a set of earlier links knows; `suggest` asks it about one line at a time. */
export class SuggestionModel {
  private readonly tallies = Object.fromEntries(KINDS.map((k) => [k, new Tally()])) as Record<
    SuggestionReason,
    Tally
  >;
  private readonly linksPerInitiative = new Map<number, number>();

  constructor(private readonly links: readonly LearnedLink[]) {
    links.forEach((link, index) => {
      const keys = keysOf(link);
      for (const kind of KINDS) {
        for (const key of keys[kind]) this.tallies[kind].add(key, link.initiativeId, index);
      }
      const n = this.linksPerInitiative.get(link.initiativeId) ?? 0;
      this.linksPerInitiative.set(link.initiativeId, n + 1);
    });
  }

  private evidence(kind: SuggestionReason, keys: string[]): Evidence | null {
    const share: Evidence = new Map();
    let total = 0;
    for (const key of keys) {
      const targets = this.tallies[kind].get(key);
      if (!targets) continue;
      let seen = 0;
      for (const ids of targets.values()) seen += ids.length;
      // A word on every line tells little; a rare one much (inverse frequency).
      const rarity = kind === 'words' ? Math.log(1 + this.links.length / seen) : 1;
      for (const [initiativeId, ids] of targets) {
        const vote = (rarity * ids.length) / seen;
        share.set(initiativeId, (share.get(initiativeId) ?? 0) + vote);
        total += vote;
      }
    }
    if (total === 0) return null;
    for (const [id, vote] of share) share.set(id, vote / total);
    return share;
  }

  /** The earlier links of the initiative that show this kind of evidence for the line. */
  private deciding(kind: SuggestionReason, keys: string[], initiativeId: number): number[] {
    const ids = new Set<number>();
    for (const key of keys) {
      for (const id of this.tallies[kind].get(key)?.get(initiativeId) ?? []) ids.add(id);
    }
    return [...ids];
  }

  /** The proposed link of a line, or null when no earlier link says anything about it. */
  suggest(line: SuggestLine): Suggestion | null {
    const keys = keysOf(line);
    const found: Array<[SuggestionReason, Evidence]> = [];
    for (const kind of KINDS) {
      const evidence = this.evidence(kind, keys[kind]);
      if (evidence) found.push([kind, evidence]);
    }
    if (found.length === 0) return null;
    const score = new Map<number, number>();
    for (const [kind, share] of found) {
      for (const [id, vote] of share) score.set(id, (score.get(id) ?? 0) + WEIGHT[kind] * vote);
    }
    // Highest score; a tie goes to the initiative with most earlier links, then the oldest.
    const ranked = [...score].sort(
      ([a, sa], [b, sb]) =>
        sb - sa ||
        (this.linksPerInitiative.get(b) ?? 0) - (this.linksPerInitiative.get(a) ?? 0) ||
        a - b,
    );
    const [best, bestScore] = ranked[0]!;
    const tied = ranked.length > 1 && Math.abs(ranked[1]![1] - bestScore) < 1e-9;
    const [kind, share] = found.find(([, e]) => e.has(best))!;
    const decided = this.deciding(kind, keys[kind], best);
    const count = decided.length;
    const seenOften = (count + 1) / (count + 2);
    const confidence = STRENGTH[kind] * share.get(best)! * seenOften * (tied ? 0.5 : 1);
    return {
      ...this.target(best, decided),
      confidence: Math.round(confidence * 1000) / 1000,
      reason: { kind, count },
    };
  }

  /** The initiative, and the activity most of the deciding links went to if they agree. */
  private target(initiativeId: number, decided: number[]) {
    const perActivity = new Map<number, number>();
    for (const index of decided) {
      const activityId = this.links[index]!.activityId;
      if (activityId !== null) perActivity.set(activityId, (perActivity.get(activityId) ?? 0) + 1);
    }
    const first = this.links[decided[0]!]!;
    let activity: LearnedLink | null = null;
    for (const [activityId, n] of perActivity) {
      if (n / decided.length >= ACTIVITY_AGREEMENT) {
        activity = this.links[decided.find((i) => this.links[i]!.activityId === activityId)!]!;
      }
    }
    return {
      initiativeId,
      initiativeName: first.initiativeName,
      activityId: activity?.activityId ?? null,
      activityName: activity?.activityName ?? null,
    };
  }
}
