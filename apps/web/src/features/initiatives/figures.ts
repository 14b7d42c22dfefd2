/**
 * The numbers and texts every initiative and activity view derives the same way: the budget
 * split (docs/spec-map.md §3: available = max(budget + expenses, 0); spent = -expenses; what
 * spending beyond the budget the 0 of `available` would hide, `overspent`), the URL
 * slug of a name and the 250-character description preview.
 */
import type { InitiativeListItem } from '@helder/shared/initiatives';
import { ACTIVITY_TAB_SEGMENTS, INITIATIVE_TAB_SEGMENTS, MODAL_SEGMENTS } from '../../lib/paths';

/** The money figures every initiative and activity carries; `expenses` is negative when spent. */
export type Money = Pick<InitiativeListItem, 'budget' | 'income' | 'expenses'>;

export interface BudgetFigures {
  allocated: number;
  received: number;
  spent: number;
  available: number;
  /** How far the expenses exceed the budget; 0 within budget. */
  overspent: number;
  /** The spent part of the bar, 0…1; 0.5 when nothing is spent and nothing is available. */
  spentShare: number;
}

const cents = (euros: number) => Math.round(euros * 100) / 100;

export function budgetFigures({ budget, income, expenses }: Money): BudgetFigures {
  const spent = cents(Math.max(-expenses, 0));
  const available = cents(Math.max(budget + expenses, 0));
  const overspent = cents(Math.max(-(budget + expenses), 0));
  const total = spent + available;
  return {
    allocated: budget,
    received: income,
    spent,
    available,
    overspent,
    spentShare: total === 0 ? 0.5 : spent / total,
  };
}

/** Description preview length (docs/spec-map.md §9). */
const DESCRIPTION_PREVIEW = 250;

/** The first 250 characters and an ellipsis, and whether text was cut. */
export function previewText(text: string, max = DESCRIPTION_PREVIEW) {
  if (text.length <= max) return { text, truncated: false };
  return { text: `${text.slice(0, max).trimEnd()}…`, truncated: true };
}

/** Second URL segments of an initiative's URL that are screens or modals, never a name slug. */
const RESERVED_SEGMENTS = new Set<string>([
  ...Object.values(INITIATIVE_TAB_SEGMENTS),
  ...Object.values(ACTIVITY_TAB_SEGMENTS),
  'activities',
  MODAL_SEGMENTS.editInitiative,
  MODAL_SEGMENTS.deleteInitiative,
  'add-activity',
  'add-payment',
  'filter-payment',
]);

/**
 * The `{initiativeName}` segment after an initiative's id (docs/spec-map.md §2.2): the name in
 * lower case, accents dropped, anything else a dash. A name that would read as a tab or a modal
 * ('Media', 'Delete fund') gets the default tab instead.
 */
export function nameSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug === '' || RESERVED_SEGMENTS.has(slug) ? INITIATIVE_TAB_SEGMENTS.payments : slug;
}
