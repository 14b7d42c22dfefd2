import { z } from 'zod';
import { booleanish } from '../http';
import { budgetSchema } from '../grants/grants.schema';
import { ownerSchema, requiredMultiline, requiredText } from '../initiatives/initiatives.schema';
import {
  DESCRIPTION_MAX,
  INITIATIVE_NAME_MAX,
  PURPOSE_MAX,
  TARGET_AUDIENCE_MAX,
} from '../initiatives/initiatives.constants';
import { pictureSchema } from '../users/users.schema';

/** Activities share the limits of initiatives (docs/spec-map.md §5 manage forms). */
export const ACTIVITY_NAME_MAX = INITIATIVE_NAME_MAX;

/** One activity (docs/spec-map.md §3): its figures, owners and the initiative it belongs to. */
export const activitySchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  purpose: z.string(),
  target_audience: z.string(),
  budget: z.number(),
  income: z.number(),
  expenses: z.number(),
  hidden: z.boolean(),
  profile_picture: pictureSchema.nullable(),
  initiative: z.object({
    id: z.number(),
    name: z.string(),
    kvk_registration: z.string().nullable(),
    location: z.string().nullable(),
  }),
  activity_owners: z.array(ownerSchema),
});
export type Activity = z.infer<typeof activitySchema>;

const fields = {
  name: requiredText(ACTIVITY_NAME_MAX),
  description: requiredMultiline(DESCRIPTION_MAX),
  purpose: requiredText(PURPOSE_MAX),
  target_audience: requiredText(TARGET_AUDIENCE_MAX),
  budget: budgetSchema,
};

/**
 * The create payload: all five fields required, `hidden` optional (docs/spec-map.md §5,
 * docs/api-rules.md §7).
 */
export const activityBody = z.object({ ...fields, hidden: booleanish().default(false) });
export type ActivityInput = z.input<typeof activityBody>;

export const activityPatch = z.object({
  name: fields.name.optional(),
  description: fields.description.optional(),
  purpose: fields.purpose.optional(),
  target_audience: fields.target_audience.optional(),
  budget: fields.budget.optional(),
  hidden: booleanish().optional(),
});
export type ActivityPatch = z.input<typeof activityPatch>;
