import { REGULATION_DESCRIPTION_MAX } from '@helder/shared/regulations/client';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../components/ui/ChoiceFields';
import { EntityForm, type EntityFormProps } from '../../components/ui/Form';
import { TextArea } from '../../components/ui/TextArea';
import { TextField } from '../../components/ui/TextField';
import { useActionLabels } from '../../lib/action-labels';
import { useEntityForm, type SaveErrors } from '../../components/ui/useEntityForm';
import type { Resources } from '../../lib/i18n';
import {
  regulationFormSchema,
  type RegulationFormOutput,
  type RegulationFormValues,
  type RegulationMessageKey,
} from './schemas';

type RegulationErrorKey = `errors.${keyof Resources['regulations']['errors']}`;

/**
 * Failed saves (docs/spec-map.md §8): a taken name shows on the name ('Naam is al in gebruik.', the
 * edit variant without the full stop); other create failures show on the description.
 */
const SAVE_ERRORS: Record<
  'create' | 'edit',
  SaveErrors<keyof RegulationFormValues, RegulationErrorKey>
> = {
  create: {
    conflict: { any: { field: 'name', message: 'errors.nameTaken' } },
    failed: { field: 'description', message: 'errors.createFailed' },
  },
  edit: {
    conflict: { any: { field: 'name', message: 'errors.nameTakenEdit' } },
    failed: { field: 'root', message: 'errors.updateFailed' },
  },
};

export interface RegulationFormProps extends EntityFormProps<RegulationFormOutput> {
  mode: 'create' | 'edit';
  defaultValues?: RegulationFormValues;
}

/** The one regulation form, for creating and editing (Naam, Beschrijving with 'n / 512'). */
export function RegulationForm({
  mode,
  defaultValues = { name: '', description: '', review_enabled: false },
  onSubmit,
  ...frame
}: RegulationFormProps) {
  const { t } = useTranslation('regulations');
  const labels = useActionLabels('regulations').form(mode);
  const form = useEntityForm({
    schema: regulationFormSchema,
    defaultValues,
    errors: SAVE_ERRORS[mode],
    onSubmit,
    t: (key: RegulationMessageKey | RegulationErrorKey) => t(key),
  });
  const description = useWatch({ control: form.control, name: 'description' });
  return (
    <EntityForm form={form} {...frame} labels={labels}>
      {/* Enter in the name field submits the form. */}
      <TextField
        label={t('fields.name')}
        autoComplete="off"
        error={form.errorText('name')}
        {...form.register('name')}
      />
      <TextArea
        label={t('fields.description')}
        rows={6}
        counter={{ length: description.length, max: REGULATION_DESCRIPTION_MAX }}
        error={form.errorText('description')}
        {...form.register('description')}
      />
      <CheckboxField
        label={t('fields.reviewEnabled')}
        hint={t('fields.reviewEnabledHint')}
        {...form.register('review_enabled')}
      />
    </EntityForm>
  );
}
