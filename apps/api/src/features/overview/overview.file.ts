/**
 * The overview as a file (docs/api-rules.md §18). XLSX: a sheet of exceptions, then a sheet of
 * every initiative per grant with a total row per grant and one for all (bold); amounts are
 * euro cells, the receipt coverage a percentage cell. CSV: the same rows in one table, a `part`
 * column telling them apart.
 */
import { Readable } from 'node:stream';
import type { Language } from '@helder/shared/languages';
import type { Overview, OverviewInitiative, OverviewTotals } from '@helder/shared/overview';
import { catalog } from '../../lib/texts';
import { csvChunks, EURO_FORMAT, xlsxSheetsStream, type Column } from '../../lib/workbook';
import { CONTENT_TYPES, type ExportFile } from '../payments';
import { OVERVIEW_TEXTS, type OverviewTexts } from './overview.texts';

type Part = keyof OverviewTexts['parts'];

/** One line of the file: an initiative, or the sums of a grant or of all. */
interface Row {
  part: Part;
  reference: string | null;
  grant: string | null;
  initiative: OverviewInitiative | null;
  figures: OverviewTotals;
}

const PERCENT_FORMAT = '0.0%';

function columns(texts: OverviewTexts, withExceptions: boolean): Column<Row>[] {
  const h = texts.headers;
  const euros = (header: string, value: (f: OverviewTotals) => number): Column<Row> => ({
    header,
    value: (r) => value(r.figures),
    width: 15,
    numFmt: EURO_FORMAT,
  });
  return [
    { header: h.part, value: (r) => texts.parts[r.part], width: 18 },
    ...(withExceptions
      ? [
          {
            header: h.exceptions,
            value: (r: Row) =>
              r.initiative?.exceptions.map((e) => texts.exceptions[e]).join(', ') ?? null,
            width: 36,
          },
        ]
      : []),
    { header: h.reference, value: (r) => r.reference, width: 16 },
    { header: h.grant, value: (r) => r.grant, width: 28 },
    {
      header: h.initiative,
      value: (r) =>
        r.initiative &&
        (r.initiative.hidden ? `${r.initiative.name} ${texts.hidden}` : r.initiative.name),
      width: 32,
    },
    euros(h.budget, (f) => f.budget),
    euros(h.income, (f) => f.income),
    // Spent as the screens show it: a positive amount.
    euros(h.expenses, (f) => -f.expenses || 0),
    euros(h.available, (f) => f.available),
    euros(h.overBudget, (f) => f.over_budget),
    { header: h.expenseCount, value: (r) => r.figures.expense_count, width: 10 },
    { header: h.withoutReceipt, value: (r) => r.figures.expenses_without_receipt, width: 12 },
    {
      header: h.coverage,
      value: (r) => r.figures.receipt_coverage,
      width: 14,
      numFmt: PERCENT_FORMAT,
    },
  ];
}

function rows(overview: Overview) {
  const grantOf = new Map(overview.grants.map((g) => [g.id, g]));
  const line = (part: Part, i: OverviewInitiative): Row => ({
    part,
    reference: i.grant_reference,
    grant: grantOf.get(i.grant_id)?.name ?? null,
    initiative: i,
    figures: i,
  });
  const exceptions = overview.exceptions.map((i) => line('exception', i));
  const perGrant: Row[] = overview.grants.flatMap((g) => [
    ...g.initiatives.map((i) => line('initiative', i)),
    {
      part: 'grantTotal',
      reference: g.reference,
      grant: g.name,
      initiative: null,
      figures: g.totals,
    },
  ]);
  perGrant.push({
    part: 'total',
    reference: null,
    grant: null,
    initiative: null,
    figures: overview.totals,
  });
  return { exceptions, perGrant };
}

async function* once<R>(items: R[]) {
  yield items;
}

export function overviewFile(
  overview: Overview,
  { format, lang }: { format: 'xlsx' | 'csv'; lang: Language },
  name: string,
): ExportFile {
  const texts = catalog(OVERVIEW_TEXTS, lang);
  const { exceptions, perGrant } = rows(overview);
  const body =
    format === 'csv'
      ? Readable.from(csvChunks(columns(texts, true), once([...exceptions, ...perGrant])))
      : xlsxSheetsStream([
          { name: texts.sheets.exceptions, cols: columns(texts, true), pages: once(exceptions) },
          {
            name: texts.sheets.initiatives,
            cols: columns(texts, false),
            pages: once(perGrant),
            bold: (r: Row) => r.initiative === null,
          },
        ]);
  return { contentType: CONTENT_TYPES[format], filename: `${name}.${format}`, body };
}
