import { z } from 'zod';
import { booleanish, idSchema } from '../http';
import {
  OFFICER_ROLES,
  REGULATION_DESCRIPTION_MAX,
  REGULATION_NAME_MAX,
} from './regulations.constants';

export const officerRoleSchema = z.preprocess(
  // Lenient: `grant_officer` and `policy_officer` mean the same.
  (v) => (typeof v === 'string' ? v.replace('_', ' ') : v),
  z.enum(OFFICER_ROLES),
);

export const officerSchema = z.object({
  id: z.number(),
  email: z.string().optional(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});

export const grantSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  reference: z.string(),
  budget: z.number(),
  income: z.number(),
  expenses: z.number(),
  initiative_count: z.number(),
  first_initiative_id: z.number().nullable(),
});

export const regulationSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
});

export const regulationSchema = regulationSummarySchema.extend({
  /** The funder reviews its grants' expenses (docs/api-rules.md §20). */
  review_enabled: z.boolean(),
  funder: z.object({ id: z.number(), name: z.string() }),
  grants: z.array(grantSummarySchema),
  grant_officers: z.array(officerSchema),
  policy_officers: z.array(officerSchema),
});
export type Regulation = z.infer<typeof regulationSchema>;

/** Windows and old-Mac newlines become `\n` before validation and storage. */
const normalisedText = (max: number) =>
  z
    .string()
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1).max(max));

export const regulationBody = z.object({
  name: z.string().trim().min(1).max(REGULATION_NAME_MAX),
  description: normalisedText(REGULATION_DESCRIPTION_MAX),
  review_enabled: booleanish().optional(),
});
export const regulationPatch = regulationBody.partial();

export const officersBody = z.object({
  user_ids: z.array(idSchema).max(500),
  role: officerRoleSchema,
});
