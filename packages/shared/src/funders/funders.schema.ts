import { z } from 'zod';

export const FUNDER_NAME_MAX = 128;
export const URL_MAX = 2048;

export const funderSchema = z.object({ id: z.number(), name: z.string(), url: z.string() });
export type Funder = z.infer<typeof funderSchema>;

export const funderBody = z.object({
  name: z.string().trim().min(1).max(FUNDER_NAME_MAX),
  url: z
    .string()
    .trim()
    .max(URL_MAX)
    .pipe(z.url({ protocol: /^https?$/ })),
});
export const funderPatch = funderBody.partial();
