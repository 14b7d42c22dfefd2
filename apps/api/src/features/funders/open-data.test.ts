import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDataGrant } from '@helder/shared/funders';
import { createTestApp, type TestApp } from '../../test/app';
import { createFunderTree } from '../../test/funder-factories';
import { createInitiative } from '../../test/initiative-factories';

/**
 * A published schema without its `$schema`: it names the 2020-12 meta-schema over http, which
 * Ajv2020 only knows over https; the dialect is the same.
 */
function schemaFile(name: string) {
  const file = new URL(`../../test/360giving/${name}`, import.meta.url);
  const { $schema: _, ...schema } = JSON.parse(readFileSync(file, 'utf8')) as Record<
    string,
    unknown
  >;
  return schema;
}

/** The published package schema, with the grant schema under both ids it is referred to by. */
function packageValidator() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const grant = schemaFile('360-giving-schema.json');
  ajv.addSchema(grant);
  ajv.addSchema({ ...grant, $id: String(grant.$id).replace('1.4.3', '1.4.2') });
  return ajv.compile(schemaFile('360-giving-package-schema.json'));
}

let t: TestApp;
let tree: Awaited<ReturnType<typeof createFunderTree>>;
let shown: Awaited<ReturnType<typeof createInitiative>>;
let withKvk: Awaited<ReturnType<typeof createInitiative>>;
beforeAll(async () => {
  t = await createTestApp({ env: { OPEN_DATA_PREFIX: '360G-test' } });
  tree = await createFunderTree(t);
  shown = await createInitiative(t, tree.grant.id, {
    name: 'Buurttuin, "De Linde"',
    budgetCents: 123456,
    kvkRegistration: null,
  });
  withKvk = await createInitiative(t, tree.grant.id, { kvkRegistration: '8765 4321' });
  await createInitiative(t, tree.grant.id, { hidden: true });
  await createInitiative(t, tree.grant.id, { hiddenSponsors: true });
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/funder/:id/360giving.json', () => {
  it('is a valid 360Giving package of the visible initiatives only', async () => {
    const res = await get(`/api/funder/${tree.funder.id}/360giving.json`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ grants: OpenDataGrant[] }>();
    const validate = packageValidator();
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    expect(body.grants.map((g) => g.id)).toEqual([
      `360G-test-initiative-${shown.id}`,
      `360G-test-initiative-${withKvk.id}`,
    ]);
    expect(body.grants[0]).toMatchObject({
      title: 'Buurttuin, "De Linde"',
      currency: 'EUR',
      amountAwarded: 1234.56,
      recipientOrganization: [{ id: `360G-test-org-initiative-${shown.id}` }],
      fundingOrganization: [{ id: `360G-test-funder-${tree.funder.id}`, name: tree.funder.name }],
      grantProgramme: [{ code: tree.grant.reference, title: tree.grant.name }],
    });
    expect(body.grants[1]!.recipientOrganization[0]).toMatchObject({
      id: 'NL-KVK-87654321',
      companyNumber: '87654321',
    });
  });

  it('fails validation when a required field is missing, so the check above can fail', async () => {
    const res = await get(`/api/funder/${tree.funder.id}/360giving.json`);
    const body = res.json<{ grants: Partial<OpenDataGrant>[] }>();
    delete body.grants[0]!.awardDate;
    expect(packageValidator()(body)).toBe(false);
  });

  it('answers 404 for an unknown funder and 200 with no grants for a funder without any', async () => {
    expect((await get('/api/funder/999999/360giving.json')).statusCode).toBe(404);
    expect((await get('/api/funder/999999/360giving.csv')).statusCode).toBe(404);
    const empty = await createFunderTree(t);
    const res = await get(`/api/funder/${empty.funder.id}/360giving.json`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ grants: [] });
  });
});

describe('GET /api/funder/:id/360giving.csv', () => {
  it('has the standard’s column titles and the same rows as the JSON', async () => {
    const json = (await get(`/api/funder/${tree.funder.id}/360giving.json`)).json<{
      grants: OpenDataGrant[];
    }>();
    const res = await get(`/api/funder/${tree.funder.id}/360giving.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const records: unknown = parse(res.body);
    const [header, ...rows] = records as string[][];
    expect(header).toEqual([
      'Identifier',
      'Title',
      'Description',
      'Currency',
      'Amount Awarded',
      'Award Date',
      'Recipient Org:Identifier',
      'Recipient Org:Name',
      'Recipient Org:Company Number',
      'Funding Org:Identifier',
      'Funding Org:Name',
      'Funding Org:Web Address',
      'Grant Programme:Code',
      'Grant Programme:Title',
    ]);
    expect(rows).toEqual(
      json.grants.map((g) => [
        g.id,
        g.title,
        g.description,
        g.currency,
        String(g.amountAwarded),
        g.awardDate,
        g.recipientOrganization[0]!.id,
        g.recipientOrganization[0]!.name,
        g.recipientOrganization[0]!.companyNumber ?? '',
        g.fundingOrganization[0]!.id,
        g.fundingOrganization[0]!.name,
        g.fundingOrganization[0]!.url ?? '',
        g.grantProgramme[0]!.code,
        g.grantProgramme[0]!.title,
      ]),
    );
  });
});
