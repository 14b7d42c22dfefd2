import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Form, FormActions } from '../../components/ui/Form';
import { TextField } from '../../components/ui/TextField';
import type { Resources } from '../../lib/i18n';
import {
  grantFormSchema,
  type GrantFormOutput,
  type GrantFormValues,
  type GrantMessageKey,
} from './schemas';

type GrantErrors = Resources['grants']['errors'];
type GrantErrorKey =
  `errors.create.${keyof GrantErrors['create']}` | `errors.edit.${keyof GrantErrors['edit']}`;

/** Where a failed save shows its message: on a field or above the form. */
export interface GrantFormError {
  field: 'reference' | 'name' | 'budget' | 'root';
  message: GrantErrorKey;
}

export interface GrantFormProps {
  title: string;
  defaultValues?: GrantFormValues;
  busy: boolean;
  onSubmit: (values: GrantFormOutput) => Promise<unknown>;
  /** Maps a failed save to a message; the form stays open. */
  errorFor: (error: unknown) => GrantFormError;
  onCancel: () => void;
}

/** The one grant form, for creating and editing (Referentie, Naam, Begroting; Annuleren/Opslaan). */
export function GrantForm({
  title,
  defaultValues = { reference: '', name: '', budget: '' },
  busy,
  onSubmit,
  errorFor,
  onCancel,
}: GrantFormProps) {
  const { t } = useTranslation('grants');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<GrantFormValues, unknown, GrantFormOutput>({
    resolver: zodResolver(grantFormSchema),
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
    key ? t(key as GrantMessageKey | GrantErrorKey) : undefined;
  const serverError = errors.root?.server?.message;

  return (
    <Form onSubmit={submit} aria-label={title}>
      {serverError ? <Alert>{text(serverError)}</Alert> : null}
      <TextField
        label={t('fields.reference')}
        autoComplete="off"
        error={text(errors.reference?.message)}
        {...register('reference')}
      />
      <TextField
        label={t('fields.name')}
        autoComplete="off"
        error={text(errors.name?.message)}
        {...register('name')}
      />
      <TextField
        label={t('fields.budget')}
        hint={t('fields.budgetHint')}
        inputMode="decimal"
        autoComplete="off"
        error={text(errors.budget?.message)}
        {...register('budget')}
      />
      <FormActions align="end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" busy={busy}>
          {busy ? t('actions.saving') : t('actions.save')}
        </Button>
      </FormActions>
    </Form>
  );
}
