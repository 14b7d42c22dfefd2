/**
 * A funder's open data in the 360Giving Data Standard (https://standard.threesixtygiving.org):
 * every initiative that one of its grants funds is one 360Giving grant, as JSON (a package) and
 * as the flattened CSV with the standard's column titles.
 *
 * The feed is the same for every caller, so the public cache can keep it: hidden initiatives and
 * initiatives with hidden sponsors (docs/api-rules.md §7) are always left out, whoever asks.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { OpenDataGrant } from '@helder/shared/funders';
import { funders, grants, initiatives, regulations } from '../../db/schema';
import type { Ctx } from '../../http/context';
import { notFound } from '../../http/errors';

const TIME_ZONE = 'Europe/Amsterdam';

/** One query: the funder left-joined to its visible initiatives, so an empty feed still 200s. */
async function feedRows(ctx: Ctx, funderId: number) {
  return ctx.db
    .select({
      funderName: funders.name,
      funderUrl: funders.url,
      grantName: grants.name,
      grantReference: grants.reference,
      id: initiatives.id,
      name: initiatives.name,
      description: initiatives.description,
      budgetCents: initiatives.budgetCents,
      kvk: initiatives.kvkRegistration,
      awardDate: sql<string>`to_char(${initiatives.createdAt} at time zone ${TIME_ZONE}, 'YYYY-MM-DD')`,
    })
    .from(funders)
    .leftJoin(regulations, eq(regulations.funderId, funders.id))
    .leftJoin(grants, eq(grants.regulationId, regulations.id))
    .leftJoin(
      initiatives,
      and(
        eq(initiatives.grantId, grants.id),
        eq(initiatives.hidden, false),
        eq(initiatives.hiddenSponsors, false),
      ),
    )
    .where(eq(funders.id, funderId))
    .orderBy(asc(initiatives.id));
}

export async function openDataGrants(ctx: Ctx, funderId: number): Promise<OpenDataGrant[]> {
  const rows = await feedRows(ctx, funderId);
  if (rows.length === 0) throw notFound('Funder');
  const prefix = ctx.config.openDataPrefix;
  return rows.flatMap((r) => {
    if (r.id === null || r.grantName === null || r.grantReference === null) return [];
    const kvk = r.kvk?.replace(/\s+/g, '');
    return [
      {
        id: `${prefix}-initiative-${r.id}`,
        title: r.name!,
        description: r.description!,
        currency: 'EUR' as const,
        amountAwarded: r.budgetCents! / 100,
        awardDate: r.awardDate,
        // A KvK number is the org-id.guide identifier NL-KVK; without one the site names it.
        recipientOrganization: [
          kvk
            ? { id: `NL-KVK-${kvk}`, name: r.name!, companyNumber: kvk }
            : { id: `${prefix}-org-initiative-${r.id}`, name: r.name! },
        ],
        fundingOrganization: [
          { id: `${prefix}-funder-${funderId}`, name: r.funderName, url: r.funderUrl },
        ],
        grantProgramme: [{ code: r.grantReference, title: r.grantName }],
      },
    ];
  });
}

/** 360Giving's flattened column titles, each with its value in a grant. */
const COLUMNS: [string, (g: OpenDataGrant) => string | number | undefined][] = [
  ['Identifier', (g) => g.id],
  ['Title', (g) => g.title],
  ['Description', (g) => g.description],
  ['Currency', (g) => g.currency],
  ['Amount Awarded', (g) => g.amountAwarded],
  ['Award Date', (g) => g.awardDate],
  ['Recipient Org:Identifier', (g) => g.recipientOrganization[0]?.id],
  ['Recipient Org:Name', (g) => g.recipientOrganization[0]?.name],
  ['Recipient Org:Company Number', (g) => g.recipientOrganization[0]?.companyNumber],
  ['Funding Org:Identifier', (g) => g.fundingOrganization[0]?.id],
  ['Funding Org:Name', (g) => g.fundingOrganization[0]?.name],
  ['Funding Org:Web Address', (g) => g.fundingOrganization[0]?.url],
  ['Grant Programme:Code', (g) => g.grantProgramme[0]?.code],
  ['Grant Programme:Title', (g) => g.grantProgramme[0]?.title],
];

/**
 * RFC 4180 with ',' as 360Giving's tools read it. Text a spreadsheet would run as a formula gets
 * a leading apostrophe, as in the payments export.
 */
function field(value: string | number | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function openDataCsv(grantsOut: OpenDataGrant[]): string {
  const lines = [COLUMNS.map(([title]) => field(title))];
  for (const g of grantsOut) lines.push(COLUMNS.map(([, value]) => field(value(g))));
  return lines.map((cells) => cells.join(',') + '\r\n').join('');
}
