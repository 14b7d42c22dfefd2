import { useTranslation } from 'react-i18next';
import { EntityForm, type EntityFormProps } from '../../components/ui/Form';
import { AmountField, TextField } from '../../components/ui/TextField';
import { useActionLabels } from '../../lib/action-labels';
import { useEntityForm, type SaveErrors } from '../../components/ui/useEntityForm';
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

/**
 * Failed saves (docs/spec-map.md §8): a taken reference or name on its field, anything else above.
 */
const SAVE_ERRORS: Record<'create' | 'edit', SaveErrors<keyof GrantFormValues, GrantErrorKey>> = {
  create: {
    conflict: {
      REFERENCE_TAKEN: { field: 'reference', message: 'errors.create.referenceTaken' },
      NAME_TAKEN: { field: 'name', message: 'errors.create.nameTaken' },
    },
    failed: { field: 'root', message: 'errors.create.failed' },
  },
  edit: {
    conflict: {
      REFERENCE_TAKEN: { field: 'reference', message: 'errors.edit.referenceTaken' },
      NAME_TAKEN: { field: 'name', message: 'errors.edit.nameTaken' },
    },
    failed: { field: 'root', message: 'errors.edit.failed' },
  },
};

export interface GrantFormProps extends EntityFormProps<GrantFormOutput> {
  mode: 'create' | 'edit';
  defaultValues?: GrantFormValues;
}

/** The one grant form, for creating and editing (Referentie, Naam, Begroting; Annuleren/Opslaan). */
export function GrantForm({
  mode,
  defaultValues = { reference: '', name: '', budget: '' },
  onSubmit,
  ...frame
}: GrantFormProps) {
  const { t } = useTranslation('grants');
  const labels = useActionLabels('grants').form(mode);
  const form = useEntityForm({
    schema: grantFormSchema,
    defaultValues,
    errors: SAVE_ERRORS[mode],
    onSubmit,
    t: (key: GrantMessageKey | GrantErrorKey) => t(key),
  });
  return (
    <EntityForm form={form} {...frame} labels={labels}>
      <TextField
        label={t('fields.reference')}
        autoComplete="off"
        error={form.errorText('reference')}
        {...form.register('reference')}
      />
      <TextField
        label={t('fields.name')}
        autoComplete="off"
        error={form.errorText('name')}
        {...form.register('name')}
      />
      <AmountField
        label={t('fields.budget')}
        hint={t('fields.budgetHint')}
        error={form.errorText('budget')}
        {...form.register('budget')}
      />
    </EntityForm>
  );
}
