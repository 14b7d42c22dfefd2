/**
 * The one react-hook-form set-up of the create/edit forms: a zod schema whose messages are
 * translation keys, validation on submit (then on every change), and a failed save turned into
 * messages on the fields it concerns or above the form (docs/spec-map.md §8). A form states its
 * fields and its `SaveErrors`; `EntityForm` (Form.tsx) renders the rest.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEventHandler } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { isApiError, type ApiErrorCode } from '../../lib/api';

/** A message and where it shows: on one of the form's fields, or above the form. */
export interface PlacedError<Field extends string, Message extends string> {
  field: Field | 'root';
  message: Message;
}

/** What a form says when a save fails, by the server's answer. */
export interface SaveErrors<Field extends string, Message extends string> {
  /** A 409 by its code; `any` covers the codes not listed. */
  conflict?: Partial<Record<ApiErrorCode | 'any', PlacedError<Field, Message>>>;
  /** A 422 names fields: the message for one of ours, by its field and the server's issue code. */
  invalid?: (field: Field, code: string) => Message | undefined;
  /** Everything else, and any 409 or 422 the above leave unplaced. */
  failed: PlacedError<Field, Message>;
}

/** The messages of a failed save; `fields` are the form's own (a 422 may name others). */
export function placeSaveError<Field extends string, Message extends string>(
  error: unknown,
  errors: SaveErrors<Field, Message>,
  fields: readonly string[],
): PlacedError<Field, Message>[] {
  if (isApiError(error) && error.status === 409) {
    const placed = errors.conflict?.[error.code] ?? errors.conflict?.any;
    if (placed) return [placed];
  }
  if (isApiError(error) && error.status === 422 && errors.invalid) {
    const placed: PlacedError<Field, Message>[] = [];
    for (const { field, code } of error.errors) {
      if (!fields.includes(field)) continue;
      const message = errors.invalid(field as Field, code);
      if (message !== undefined) placed.push({ field: field as Field, message });
    }
    if (placed.length > 0) return placed;
  }
  return [errors.failed];
}

export interface EntityFormOptions<Values extends FieldValues, Output, Message extends string> {
  schema: z.ZodType<Output, Values>;
  /** Every field of the form, also the empty ones: they are the fields a 422 may name. */
  defaultValues: Values;
  errors: SaveErrors<Path<Values>, NoInfer<Message>>;
  /** Saves; a rejection keeps the form open with its messages. */
  onSubmit: (values: Output) => Promise<unknown>;
  /** Translates every message key of the form: the schema's and those of `errors`. */
  t: (key: Message) => string;
}

export interface EntityFormState<Values extends FieldValues, Output> extends UseFormReturn<
  Values,
  unknown,
  Output
> {
  submit: FormEventHandler<HTMLFormElement>;
  /** The translated message of a field, if it has one. */
  errorText: (field: Path<Values>) => string | undefined;
  /** The translated message above the form, if a save failed there. */
  serverError: string | undefined;
}

export function useEntityForm<Values extends FieldValues, Output, Message extends string>({
  schema,
  defaultValues,
  errors,
  onSubmit,
  t,
}: EntityFormOptions<Values, Output, Message>): EntityFormState<Values, Output> {
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues as DefaultValues<Values>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const placed = placeSaveError(error, errors, Object.keys(defaultValues));
      placed.forEach(({ field, message }, index) => {
        if (field === 'root') form.setError('root.server', { message });
        else form.setError(field, { message }, { shouldFocus: index === 0 });
      });
    }
  });

  // Messages are the keys the schema and `errors` give, so they are the form's own keys.
  const text = (message: string | undefined) => (message ? t(message as Message) : undefined);
  return {
    ...form,
    submit,
    errorText: (field) => text(form.getFieldState(field, form.formState).error?.message),
    serverError: text(form.formState.errors.root?.server?.message),
  };
}
