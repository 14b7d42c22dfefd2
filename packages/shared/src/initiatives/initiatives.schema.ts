import { z } from 'zod';
import { booleanish, idSchema, optionalQuery, pagingQuery } from '../http';
import { budgetSchema } from '../grants/grants.schema';
import { emailSchema, pictureSchema } from '../users/users.schema';
import {
  ADDRESS_MAX,
  DESCRIPTION_MAX,
  INITIATIVE_NAME_MAX,
  KVK_REGISTRATION_MAX,
  LEGAL_ENTITIES,
  LOCATION_MAX,
  NAME_FILTER_MAX,
  OWNER_MAX,
  PURPOSE_MAX,
  TARGET_AUDIENCE_MAX,
} from './initiatives.constants';

export const legalEntitySchema = z.enum(LEGAL_ENTITIES);

/** A required single-line text: trimmed, not empty. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);
/** A required multi-line text: Windows and old-Mac newlines become `\n`, then trimmed. */
export const requiredMultiline = (max: number) =>
  z
    .string()
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1).max(max));
/** An optional text: absent, null and '' are all stored as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));
const optionalEmail = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  emailSchema.nullish().transform((v) => v ?? null),
);

/** A linked user (initiative or activity owner); `email` only for logged-in callers. */
export const ownerSchema = z.object({
  id: z.number(),
  email: z.string().optional(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  profile_picture: pictureSchema.nullable(),
});
export type Owner = z.infer<typeof ownerSchema>;

export const initiativeListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  owner: z.string().nullable(),
  /** Insiders only (docs/api-rules.md §6). */
  owner_email: z.string().nullable().optional(),
  hidden: z.boolean(),
  budget: z.number(),
  income: z.number(),
  expenses: z.number(),
  profile_picture: pictureSchema.nullable(),
});
export type InitiativeListItem = z.infer<typeof initiativeListItemSchema>;

export const activitySummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  budget: z.number(),
  income: z.number(),
  expenses: z.number(),
  hidden: z.boolean(),
});
export type ActivitySummary = z.infer<typeof activitySummarySchema>;

export const initiativeGrantSchema = z.object({
  id: z.number(),
  name: z.string(),
  reference: z.string(),
  budget: z.number(),
  regulation: z.object({ id: z.number(), name: z.string() }),
  funder: z.object({ id: z.number(), name: z.string(), logo: pictureSchema.nullable().optional() }),
  verantwoordelijk: z.string().optional(),
  verantwoordelijkheid: z.string().optional(),
});

/**
 * One initiative (docs/spec-map.md §2.7, docs/api-rules.md §3). Keys the caller may not read are
 * absent: `owner_email`, `address_applicant` and `hidden_sponsors` are for insiders; `grant` is
 * absent when the sponsors are hidden from the caller, and `sponsors_hidden` says so.
 */
export const initiativeSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  purpose: z.string(),
  target_audience: z.string(),
  owner: z.string().nullable(),
  owner_email: z.string().nullable().optional(),
  legal_entity: legalEntitySchema,
  address_applicant: z.string().nullable().optional(),
  kvk_registration: z.string().nullable(),
  location: z.string().nullable(),
  hidden: z.boolean(),
  hidden_sponsors: z.boolean().optional(),
  sponsors_hidden: z.boolean(),
  budget: z.number(),
  income: z.number(),
  expenses: z.number(),
  profile_picture: pictureSchema.nullable(),
  grant: initiativeGrantSchema.optional(),
  initiative_owners: z.array(ownerSchema),
  activities: z.array(activitySummarySchema),
});
export type Initiative = z.infer<typeof initiativeSchema>;

export const initiativesQuery = pagingQuery.extend({
  only_mine: optionalQuery(booleanish()).default(false),
  name: optionalQuery(z.string().trim().max(NAME_FILTER_MAX)),
  /** Keyset paging: the initiatives after this one in the list's order; `offset` counts on. */
  after: optionalQuery(idSchema),
});

const storyFields = {
  description: requiredMultiline(DESCRIPTION_MAX),
  purpose: requiredText(PURPOSE_MAX),
  target_audience: requiredText(TARGET_AUDIENCE_MAX),
};
const initiativeTextFields = {
  name: requiredText(INITIATIVE_NAME_MAX),
  ...storyFields,
  owner: optionalText(OWNER_MAX),
  owner_email: optionalEmail,
  address_applicant: optionalText(ADDRESS_MAX),
  kvk_registration: optionalText(KVK_REGISTRATION_MAX),
  location: optionalText(LOCATION_MAX),
};

/** The create payload (docs/spec-map.md §3 "Initiative"); unknown fields are ignored. */
export const initiativeBody = z.object({
  ...initiativeTextFields,
  legal_entity: legalEntitySchema.default('stichting'),
  hidden: booleanish().default(false),
  hidden_sponsors: booleanish().default(false),
  budget: budgetSchema,
});
export type InitiativeInput = z.input<typeof initiativeBody>;

/** A PATCH: every field optional, no defaults; read-only echoes (`income`, …) are ignored. */
export const initiativePatch = z.object({
  name: initiativeTextFields.name.optional(),
  description: storyFields.description.optional(),
  purpose: storyFields.purpose.optional(),
  target_audience: storyFields.target_audience.optional(),
  owner: initiativeTextFields.owner.optional(),
  owner_email: initiativeTextFields.owner_email.optional(),
  address_applicant: initiativeTextFields.address_applicant.optional(),
  kvk_registration: initiativeTextFields.kvk_registration.optional(),
  location: initiativeTextFields.location.optional(),
  legal_entity: legalEntitySchema.optional(),
  hidden: booleanish().optional(),
  hidden_sponsors: booleanish().optional(),
  budget: budgetSchema.optional(),
});
export type InitiativePatch = z.input<typeof initiativePatch>;
