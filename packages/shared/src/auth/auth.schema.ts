import { z } from 'zod';
import { optionalQuery, idSchema } from '../http';
import { ENTITY_CLASSES } from '../permissions';
import { emailSchema, passwordSchema } from '../users/users.schema';

export const loginBody = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(256),
  grant_type: z.string().optional(),
});
export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const forgotPasswordBody = z.object({ email: z.string().trim().max(254) });
export const resetPasswordBody = z.object({
  token: z.string().min(1).max(2048),
  password: passwordSchema,
});

export const entityAccessQuery = z.object({
  entity_class: z.enum(ENTITY_CLASSES),
  entity_id: optionalQuery(idSchema),
});

/** Claims of our bearer JWT (docs/api-rules.md §3). */
export const jwtClaims = z.object({
  sub: z.string(),
  username: z.string(),
  exp: z.number(),
  /** The user's token version when it was issued; absent on tokens from before it existed. */
  ver: z.number().int().min(0).optional(),
});
export type JwtClaims = z.infer<typeof jwtClaims>;

export { emailSchema };
