import { z } from 'zod';

/**
 * The 360Giving Data Standard's fields that the open-data feed fills, as its JSON names them.
 * The published schema is the judge (the API's tests validate against it); this one documents
 * the feed in the OpenAPI.
 */
const organization = z.object({
  id: z.string(),
  name: z.string(),
  companyNumber: z.string().optional(),
  url: z.string().optional(),
});

export const openDataGrantSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  currency: z.literal('EUR'),
  amountAwarded: z.number(),
  awardDate: z.string().describe('YYYY-MM-DD'),
  recipientOrganization: z.array(organization),
  fundingOrganization: z.array(organization),
  grantProgramme: z.array(z.object({ code: z.string(), title: z.string() })),
});

export const openDataPackageSchema = z
  .object({ grants: z.array(openDataGrantSchema) })
  .describe('A 360Giving package of the funder’s visible initiatives, one grant each');

export type OpenDataGrant = z.infer<typeof openDataGrantSchema>;

export const openDataCsvResponse = z
  .unknown()
  .describe('text/csv (UTF-8, "," separated) with 360Giving’s column titles');
