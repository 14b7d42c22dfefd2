import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Form, FormActions } from '../../components/ui/Form';
import { TextField } from '../../components/ui/TextField';
import type { Resources } from '../../lib/i18n';
import {
  funderFormSchema,
  type FunderFormOutput,
  type FunderFormValues,
  type FunderMessageKey,
} from './schemas';

type FundersErrorKey = `errors.${keyof Resources['funders']['errors']}`;

/** Where a failed save shows its message: on a field or above the form. */
export interface FunderFormError {
  field: 'name' | 'url' | 'root';
  message: FundersErrorKey;
}

export interface FunderFormProps {
  title: string;
  defaultValues?: FunderFormValues;
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: FunderFormOutput) => Promise<unknown>;
  /** Maps a failed save to a message; the form stays open. */
  errorFor: (error: unknown) => FunderFormError;
  onCancel: () => void;
}

/** The one sponsor form, for creating and editing (Naam, URL). */
export function FunderForm({
  title,
  defaultValues = { name: '', url: '' },
  submitLabel,
  busy,
  onSubmit,
  errorFor,
  onCancel,
}: FunderFormProps) {
  const { t } = useTranslation('funders');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FunderFormValues, unknown, FunderFormOutput>({
    resolver: zodResolver(funderFormSchema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const { field, message } = errorFor(error);
      if (field === 'root') setError('root.server', { message });
      else setError(field, { message }, { shouldFocus: true });
    }
  });

  const text = (key: string | undefined) =>
    key ? t(key as FunderMessageKey | FundersErrorKey) : undefined;
  const serverError = errors.root?.server?.message;

  return (
    <Form onSubmit={submit} aria-label={title}>
      {serverError ? <Alert>{text(serverError)}</Alert> : null}
      <TextField
        label={t('fields.name')}
        autoComplete="organization"
        error={text(errors.name?.message)}
        {...register('name')}
      />
      <TextField
        label={t('fields.url')}
        hint={t('fields.urlHint')}
        type="url"
        inputMode="url"
        autoComplete="url"
        autoCapitalize="none"
        spellCheck={false}
        error={text(errors.url?.message)}
        {...register('url')}
      />
      <FormActions align="end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" busy={busy}>
          {busy ? t('actions.saving') : submitLabel}
        </Button>
      </FormActions>
    </Form>
  );
}
