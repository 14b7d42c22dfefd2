/**
 * The funder's overview of a regulation or a grant (docs/api-rules.md §18): the JSON figures or
 * the same as a file. Only for those who answer for the money: admins, the regulation's grant
 * and policy officers, and for a grant its overseers; they are insiders of every initiative in
 * scope, so hidden initiatives and payments count, as on their screens.
 */
import { eq } from 'drizzle-orm';
import type { Language } from '@helder/shared/languages';
import { centsToEuros } from '@helder/shared/money';
import type {
  Overview,
  OverviewException,
  OverviewFormat,
  OverviewInitiative,
  OverviewTotals,
} from '@helder/shared/overview';
import { grants } from '../../db/schema';
import { requireActor, type Ctx } from '../../http/context';
import { figuresInEuros } from '../../lib/figures';
import { deferredStream } from '../../lib/deferred-stream';
import { authorize } from '../../lib/write';
import { findGrant, grantSubject, type GrantPath } from '../grants';
import { amsterdamDay, type ExportFile } from '../payments';
import { findRegulation, regulationSubject, type RegulationPath } from '../regulations';
import { overviewFile } from './overview.file';
import type { OverviewGrant } from './overview.pdf';
import { selectOverviewLines, type OverviewLine } from './overview.queries';

interface Query {
  format: OverviewFormat;
  lang: Language;
}

const totalsOf = (line: OverviewLine): OverviewTotals => ({
  available: centsToEuros(line.availableCents),
  ...figuresInEuros(line),
  over_budget: centsToEuros(line.overBudgetCents),
  expense_count: line.expenseCount,
  expenses_without_receipt: line.withoutReceipt,
  receipt_coverage: line.receiptCoverage,
});

function initiativeOf(line: OverviewLine): OverviewInitiative {
  const totals = totalsOf(line);
  const exceptions: OverviewException[] = [];
  if (totals.over_budget > 0) exceptions.push('over_budget');
  if (totals.expenses_without_receipt > 0) exceptions.push('missing_receipts');
  return {
    id: line.id!,
    name: line.name!,
    hidden: line.hidden!,
    grant_id: line.grantId,
    grant_reference: line.grantReference,
    ...totals,
    exceptions,
  };
}

/** Over budget first (most first), then by the number of expenses without a receipt. */
const byGravity = (a: OverviewInitiative, b: OverviewInitiative) =>
  b.over_budget - a.over_budget || b.expenses_without_receipt - a.expenses_without_receipt;

/** The statement's lines as the response: grants in order, each closed by its total row. */
function toOverview(lines: OverviewLine[], head: Pick<Overview, 'regulation' | 'funder'>) {
  const overview: Overview = {
    exceptions: [],
    grants: [],
    totals: totalsOf(lines.at(-1)!),
    ...head,
  };
  let current: Overview['grants'][number] | undefined;
  for (const line of lines) {
    if (line.level === 3) break;
    if (current?.id !== line.grantId) {
      current = {
        id: line.grantId,
        name: line.grantName,
        reference: line.grantReference,
        grant_budget: centsToEuros(line.grantBudgetCents),
        initiatives: [],
        totals: totalsOf(line),
      };
      overview.grants.push(current);
    }
    if (line.level === 1) current.totals = totalsOf(line);
    else if (line.id !== null) current.initiatives.push(initiativeOf(line));
  }
  overview.exceptions = overview.grants
    .flatMap((g) => g.initiatives)
    .filter((i) => i.exceptions.length > 0)
    .sort(byGravity);
  return overview;
}

function answer(
  ctx: Ctx,
  overview: Overview,
  query: Query,
  name: string,
  grant?: OverviewGrant,
): Overview | ExportFile {
  if (query.format === 'json') return overview;
  const day = amsterdamDay(ctx.clock());
  if (query.format === 'pdf') {
    return {
      contentType: 'application/pdf',
      filename: `${name}-${day}.pdf`,
      body: deferredStream(() =>
        import('./overview.pdf').then((m) => m.overviewPdf(overview, query.lang, day, grant)),
      ),
    };
  }
  return overviewFile(overview, { format: query.format, lang: query.lang }, `${name}-${day}`);
}

/** A regulation's overview; 404 for an unknown one, 403 for a caller who may not read it. */
export async function regulationOverview(ctx: Ctx, path: RegulationPath, query: Query) {
  const actor = requireActor(ctx);
  const row = await findRegulation(ctx, path);
  authorize(actor, 'overview', regulationSubject(row), 'You may not read this overview');
  const lines = await selectOverviewLines(ctx.db, eq(grants.regulationId, row.id));
  const head = {
    regulation: { id: row.id, name: row.name },
    funder: { id: row.funderId, name: row.funderName },
  };
  return answer(ctx, toOverview(lines, head), query, `overzicht-regeling-${row.id}`);
}

/** A grant's overview; 404 for an unknown one, 403 for a caller who may not read it. */
export async function grantOverview(ctx: Ctx, path: GrantPath, query: Query) {
  const actor = requireActor(ctx);
  const row = await findGrant(ctx, path);
  authorize(actor, 'overview', grantSubject(row), 'You may not read this overview');
  const lines = await selectOverviewLines(ctx.db, eq(grants.id, row.id));
  const head = {
    regulation: { id: row.regulationId, name: row.regulationName },
    funder: { id: row.funderId, name: row.funderName },
  };
  return answer(ctx, toOverview(lines, head), query, `overzicht-beschikking-${row.id}`, row);
}
