import { zodResolver } from '@hookform/resolvers/zod';
import { REGULATION_DESCRIPTION_MAX } from '@helder/shared/regulations';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Form, FormActions } from '../../components/ui/Form';
import { TextArea } from '../../components/ui/TextArea';
import { TextField } from '../../components/ui/TextField';
import type { Resources } from '../../lib/i18n';
import {
  regulationFormSchema,
  type RegulationFormOutput,
  type RegulationFormValues,
  type RegulationMessageKey,
} from './schemas';

type RegulationErrorKey = `errors.${keyof Resources['regulations']['errors']}`;

/** Where a failed save shows its message: on a field or above the form. */
export interface RegulationFormError {
  field: 'name' | 'description' | 'root';
  message: RegulationErrorKey;
}

export interface RegulationFormProps {
  title: string;
  defaultValues?: RegulationFormValues;
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: RegulationFormOutput) => Promise<unknown>;
  /** Maps a failed save to a message; the form stays open. */
  errorFor: (error: unknown) => RegulationFormError;
  onCancel: () => void;
}

/** The one regulation form, for creating and editing (Naam, Beschrijving with 'n / 512'). */
export function RegulationForm({
  title,
  defaultValues = { name: '', description: '' },
  submitLabel,
  busy,
  onSubmit,
  errorFor,
  onCancel,
}: RegulationFormProps) {
  const { t } = useTranslation('regulations');
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<RegulationFormValues, unknown, RegulationFormOutput>({
    resolver: zodResolver(regulationFormSchema),
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
    key ? t(key as RegulationMessageKey | RegulationErrorKey) : undefined;
  const serverError = errors.root?.server?.message;
  const description = useWatch({ control, name: 'description' });

  return (
    <Form onSubmit={submit} aria-label={title}>
      {serverError ? <Alert>{text(serverError)}</Alert> : null}
      {/* Enter in the name field submits the form. */}
      <TextField
        label={t('fields.name')}
        autoComplete="off"
        error={text(errors.name?.message)}
        {...register('name')}
      />
      <TextArea
        label={t('fields.description')}
        rows={6}
        counter={{ length: description.length, max: REGULATION_DESCRIPTION_MAX }}
        error={text(errors.description?.message)}
        {...register('description')}
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
