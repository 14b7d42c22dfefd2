import { z } from 'zod';

/** Stable error codes of the API (docs/api-rules.md §2); the web maps them to translated texts. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'BAD_CREDENTIALS',
  'BAD_TOKEN',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'NAME_TAKEN',
  'REFERENCE_TAKEN',
  'EMAIL_TAKEN',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'VALIDATION_ERROR',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const fieldErrorSchema = z.object({
  field: z.string(),
  code: z.string(),
  message: z.string(),
  /** The line of an uploaded file the error is about (statement imports). */
  line: z.number().optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorBodySchema = z.object({
  detail: z.string(),
  code: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  request_id: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
