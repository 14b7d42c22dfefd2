import { z } from 'zod';
import { idSchema } from '../http';
import { BULK_LINK_MAX, SUGGESTION_REASONS, UNLINK_ID } from './payments.constants';

/**
 * A proposed link of an unlinked bank line, learned from the caller's own earlier links; only
 * initiatives and activities the caller may link to are ever proposed.
 */
export const linkSuggestionSchema = z.object({
  initiative_id: z.number(),
  initiative_name: z.string(),
  activity_id: z.number().nullable(),
  activity_name: z.string().nullable(),
  /** 0..1: how sure the suggestion is. */
  confidence: z.number(),
  /** Why, strongest evidence first; `count` earlier links of the proposed initiative show it. */
  reason: z.object({ kind: z.enum(SUGGESTION_REASONS), count: z.number() }),
});
export type LinkSuggestion = z.infer<typeof linkSuggestionSchema>;

const bulkTarget = z
  .union([z.literal(UNLINK_ID), idSchema, z.null()])
  .transform((v): number | null => (v === UNLINK_ID ? null : v));

/**
 * Many links at once, all or nothing: each payment goes to the initiative and activity named (null
 * or -1 is none). Undoing sends the links from before through the same call.
 */
export const bulkLinkBody = z.object({
  links: z
    .array(
      z.object({
        payment_id: idSchema,
        initiative_id: bulkTarget,
        activity_id: bulkTarget.default(null),
      }),
    )
    .min(1)
    .max(BULK_LINK_MAX)
    .refine((links) => new Set(links.map((l) => l.payment_id)).size === links.length, {
      message: 'Each payment at most once',
    })
    .refine((links) => links.every((l) => l.initiative_id !== null || l.activity_id === null), {
      message: 'An activity needs its initiative',
    }),
});
export type BulkLinkBody = z.input<typeof bulkLinkBody>;
