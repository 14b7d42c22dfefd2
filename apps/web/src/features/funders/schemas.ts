/**
 * The sponsor form (docs/spec-map.md §5): name required and at most 128 characters; URL required
 * and a valid http(s) address. Messages are keys of the `funders` namespace.
 */
import { FUNDER_NAME_MAX, URL_MAX } from '@helder/shared/funders/client';
import { z } from 'zod';

export type FunderMessageKey =
  | 'validation.nameRequired'
  | 'validation.nameTooLong'
  | 'validation.urlRequired'
  | 'validation.urlInvalid';

const message = (key: FunderMessageKey) => ({ message: key });

export const funderFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, message('validation.nameRequired'))
    .max(FUNDER_NAME_MAX, message('validation.nameTooLong')),
  url: z
    .string()
    .trim()
    .min(1, message('validation.urlRequired'))
    .max(URL_MAX, message('validation.urlInvalid'))
    .pipe(
      z.url({
        protocol: /^https?$/,
        hostname: z.regexes.domain,
        ...message('validation.urlInvalid'),
      }),
    ),
});
export type FunderFormValues = z.input<typeof funderFormSchema>;
export type FunderFormOutput = z.output<typeof funderFormSchema>;
