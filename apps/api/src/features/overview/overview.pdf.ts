/**
 * The overview as a PDF report (docs/api-rules.md §18), written by the verantwoording package's
 * PDF writer and layout: a cover with the regulation (or grant), the funder and the totals; the
 * exceptions first (the largest overspending first, then the most expenses without a receipt);
 * then per grant one section per initiative with its figures, and the grant's total; last the
 * total of all. Written as it is made: each page leaves memory when done.
 */
import type { Language } from '@helder/shared/languages';
import type { Overview, OverviewTotals } from '@helder/shared/overview';
import type { Readable } from 'node:stream';
import { Layout, WIDTH, type Cell } from '../../lib/pdf/layout';
import { pdfReadable, StreamingPdf } from '../../lib/pdf/writer';
import { sayIn } from '../verantwoording';
import { OVERVIEW_TEXTS, type OverviewTexts } from './overview.texts';

/** The grant of a grant's overview; none for a regulation's. */
export interface OverviewGrant {
  name: string;
  reference: string;
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));

/** The figures of an initiative, a grant or all: money on one row, receipts on the next. */
function figures(
  layout: Layout,
  texts: OverviewTexts,
  lang: Language,
  f: OverviewTotals,
  bold = false,
) {
  const say = sayIn(lang);
  const h = texts.headers;
  const euros = (amount: number) => say.euros(Math.round(amount * 100));
  const row = (cells: [string, string][], width: number) => {
    const at = (text: string): Cell => ({ text, width, right: true });
    layout.row(cells.map(([label]) => at(label)));
    layout.row(
      cells.map(([, value]) => at(value)),
      { bold },
    );
  };
  layout.keep(4 * 15);
  row(
    [
      [h.budget, euros(f.budget)],
      [h.income, euros(f.income)],
      // Spent as the screens show it: a positive amount.
      [h.expenses, euros(-f.expenses || 0)],
      [h.available, euros(f.available)],
      [h.overBudget, euros(f.over_budget)],
    ],
    WIDTH / 5,
  );
  row(
    [
      [h.expenseCount, String(f.expense_count)],
      [h.withoutReceipt, String(f.expenses_without_receipt)],
      [h.coverage, f.receipt_coverage === null ? '—' : say.percent(f.receipt_coverage)],
    ],
    WIDTH / 3,
  );
  layout.gap(6);
}

async function* report(
  overview: Overview,
  lang: Language,
  day: string,
  grant: OverviewGrant | undefined,
): AsyncGenerator<Buffer> {
  const texts = OVERVIEW_TEXTS[lang];
  const p = texts.pdf;
  const say = sayIn(lang);
  const regulation = fill(p.regulation, {
    regulation: overview.regulation.name,
    funder: overview.funder.name,
  });
  const scope = grant
    ? fill(p.grant, { grant: grant.name, reference: grant.reference })
    : regulation;
  const pdf = await StreamingPdf.create(`${p.title}: ${scope}`);
  pdf.pageText = (n, total) => fill(p.page, { n, total });
  const layout = new Layout(pdf, fill(p.footer, { scope, day: say.day(day) }));
  const named = (name: string, hidden: boolean) => (hidden ? `${name} ${texts.hidden}` : name);
  yield* pdf.ready(true);

  layout.newPage();
  layout.heading(p.title, 22);
  layout.paragraph(regulation, 11);
  if (grant) layout.paragraph(scope, 11);
  layout.paragraph(fill(p.generated, { day: say.day(day) }));
  layout.paragraph(p.source, 8.5);
  layout.gap(8);
  layout.heading(texts.parts.total, 12);
  figures(layout, texts, lang, overview.totals, true);

  // Exceptions first.
  layout.gap(12);
  layout.heading(texts.sheets.exceptions);
  layout.paragraph(p.exceptionsNote, 8.5);
  if (overview.exceptions.length === 0) layout.paragraph(p.noExceptions);
  else {
    const h = texts.headers;
    const columns = (cells: string[]): Cell[] =>
      [175, 80, 120, 120].map((width, i) => ({ text: cells[i]!, width, right: i >= 2 }));
    layout.row(columns([h.initiative, h.reference, h.overBudget, h.withoutReceipt]), {
      bold: true,
    });
    for (const i of overview.exceptions) {
      layout.keep(2 * 15);
      layout.row(
        columns([
          named(i.name, i.hidden),
          i.grant_reference,
          say.euros(Math.round(i.over_budget * 100)),
          String(i.expenses_without_receipt),
        ]),
      );
      // Why it is here, under its name.
      layout.row([
        { text: '', width: 12 },
        { text: i.exceptions.map((e) => texts.exceptions[e]).join(', '), width: WIDTH - 12 },
      ]);
    }
  }
  yield* pdf.ready();

  // Per grant: a section per initiative, then the grant's total.
  layout.gap(12);
  layout.heading(p.perGrant);
  for (const g of overview.grants) {
    layout.gap(6);
    // The grant's heading stays with its first section.
    layout.keep(4 * 15 + 80);
    layout.heading(fill(p.grant, { grant: g.name, reference: g.reference }), 13);
    if (g.initiatives.length === 0) layout.paragraph(p.noInitiatives);
    for (const i of g.initiatives) {
      layout.keep(4 * 15 + 40);
      layout.heading(named(i.name, i.hidden), 10.5);
      figures(layout, texts, lang, i);
      yield* pdf.ready();
    }
    layout.keep(4 * 15 + 40);
    layout.heading(`${texts.parts.grantTotal}: ${g.name}`, 10.5);
    figures(layout, texts, lang, g.totals, true);
  }
  layout.gap(12);
  layout.keep(4 * 15 + 50);
  layout.heading(texts.parts.total, 12);
  figures(layout, texts, lang, overview.totals, true);
  layout.close();
  pdf.end();
  yield* pdf.ready(true);
}

export function overviewPdf(
  overview: Overview,
  lang: Language,
  day: string,
  grant?: OverviewGrant,
): Readable {
  return pdfReadable(report(overview, lang, day, grant));
}
