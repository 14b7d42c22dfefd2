/**
 * The regulation form (docs/spec-map.md §5): name required, at most 128 characters; description
 * required, at most 512 (with a live counter); whether the funder reviews expenses. Messages are keys of the `regulations` namespace.
 */
import { REGULATION_DESCRIPTION_MAX, REGULATION_NAME_MAX } from '@helder/shared/regulations/client';
import { z } from 'zod';

export type RegulationMessageKey =
  | 'validation.nameRequired'
  | 'validation.nameTooLong'
  | 'validation.descriptionRequired'
  | 'validation.descriptionTooLong';

const message = (key: RegulationMessageKey) => ({ message: key });

export const regulationFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, message('validation.nameRequired'))
    .max(REGULATION_NAME_MAX, message('validation.nameTooLong')),
  description: z
    .string()
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(1, message('validation.descriptionRequired'))
        .max(REGULATION_DESCRIPTION_MAX, message('validation.descriptionTooLong')),
    ),
  /** The funder reviews the expenses of its grants (docs/api-rules.md §20). */
  review_enabled: z.boolean(),
});
export type RegulationFormValues = z.input<typeof regulationFormSchema>;
export type RegulationFormOutput = z.output<typeof regulationFormSchema>;
