import { useTranslation } from 'react-i18next';
import { EntityForm, type EntityFormProps } from '../../components/ui/Form';
import { TextField } from '../../components/ui/TextField';
import { useActionLabels } from '../../lib/action-labels';
import { useEntityForm, type SaveErrors } from '../../components/ui/useEntityForm';
import type { Resources } from '../../lib/i18n';
import {
  funderFormSchema,
  type FunderFormOutput,
  type FunderFormValues,
  type FunderMessageKey,
} from './schemas';

type FunderErrorKey = `errors.${keyof Resources['funders']['errors']}`;

/**
 * Failed saves (docs/spec-map.md §8): creating says one thing, on the name when the name is taken.
 */
const SAVE_ERRORS: Record<'create' | 'edit', SaveErrors<keyof FunderFormValues, FunderErrorKey>> = {
  create: {
    conflict: { any: { field: 'name', message: 'errors.createFailed' } },
    failed: { field: 'root', message: 'errors.createFailed' },
  },
  edit: {
    conflict: { any: { field: 'name', message: 'errors.nameTaken' } },
    failed: { field: 'root', message: 'errors.updateFailed' },
  },
};

export interface FunderFormProps extends EntityFormProps<FunderFormOutput> {
  mode: 'create' | 'edit';
  defaultValues?: FunderFormValues;
}

/** The one sponsor form, for creating and editing (Naam, URL). */
export function FunderForm({
  mode,
  defaultValues = { name: '', url: '' },
  onSubmit,
  ...frame
}: FunderFormProps) {
  const { t } = useTranslation('funders');
  const labels = useActionLabels('funders').form(mode);
  const form = useEntityForm({
    schema: funderFormSchema,
    defaultValues,
    errors: SAVE_ERRORS[mode],
    onSubmit,
    t: (key: FunderMessageKey | FunderErrorKey) => t(key),
  });
  return (
    <EntityForm form={form} {...frame} labels={labels}>
      <TextField
        label={t('fields.name')}
        autoComplete="organization"
        error={form.errorText('name')}
        {...form.register('name')}
      />
      <TextField
        label={t('fields.url')}
        hint={t('fields.urlHint')}
        type="url"
        autoComplete="url"
        error={form.errorText('url')}
        {...form.register('url')}
      />
    </EntityForm>
  );
}
