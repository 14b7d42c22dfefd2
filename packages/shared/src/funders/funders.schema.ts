import { z } from 'zod';
import { pictureSchema } from '../users/users.schema';
import { FUNDER_NAME_MAX, URL_MAX } from './funders.constants';

/** A funder's logo: a picture's files, null without one (docs/api-rules.md §11). */
export const funderLogoSchema = pictureSchema
  .nullable()
  .describe('The logo: signed URLs of the original and its 128/256/512 thumbnails, or null');

export const funderSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  logo: funderLogoSchema.optional(),
});
export type Funder = z.infer<typeof funderSchema>;
/** GET /funder/{id} also names its regulations, by name, so a client can go down the tree. */
export const funderDetailSchema = funderSchema.extend({
  regulations: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type FunderDetail = z.infer<typeof funderDetailSchema>;

export const funderBody = z.object({
  name: z.string().trim().min(1).max(FUNDER_NAME_MAX),
  url: z
    .string()
    .trim()
    .max(URL_MAX)
    .pipe(z.url({ protocol: /^https?$/ })),
});
export const funderPatch = funderBody.partial();
