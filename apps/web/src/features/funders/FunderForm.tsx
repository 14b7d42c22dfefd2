import type { Picture } from '@helder/shared/users';
import { useTranslation } from 'react-i18next';
import { EntityForm, type EntityFormProps } from '../../components/ui/Form';
import { PictureUpload, usePictureChoice } from '../../components/ui/PictureUpload';
import { isApiError } from '../../lib/api';
import { TextField } from '../../components/ui/TextField';
import { useActionLabels } from '../../lib/action-labels';
import { useEntityForm, type SaveErrors } from '../../components/ui/useEntityForm';
import type { Resources } from '../../lib/i18n';
import styles from './funders.module.css';
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

type LogoChange = File | 'remove';
type LogoErrorKey = Extract<
  FunderErrorKey,
  'errors.logoNotImage' | 'errors.logoTooLarge' | 'errors.logoFailed' | 'errors.logoRemoveFailed'
>;

function logoErrorKey(error: unknown, change: LogoChange): LogoErrorKey {
  if (change === 'remove') return 'errors.logoRemoveFailed';
  if (isApiError(error) && error.status === 413) return 'errors.logoTooLarge';
  if (isApiError(error) && error.status === 415) return 'errors.logoNotImage';
  return 'errors.logoFailed';
}

export interface FunderFormProps extends EntityFormProps<FunderFormOutput> {
  mode: 'create' | 'edit';
  defaultValues?: FunderFormValues;
  /** Editing: the current logo (removable) and how a chosen change is saved. */
  logo?: { current: Picture | null; save: (change: LogoChange) => Promise<unknown> };
}

/**
 * The one sponsor form, for creating and editing (Naam, URL; editing also the logo). A chosen
 * logo, or its removal, is saved first: when that fails the form stays open with the message on
 * the logo and the fields are not sent yet.
 */
export function FunderForm({
  mode,
  defaultValues = { name: '', url: '' },
  logo,
  onSubmit,
  ...frame
}: FunderFormProps) {
  const { t } = useTranslation('funders');
  const labels = useActionLabels('funders').form(mode);
  const choice = usePictureChoice<LogoErrorKey>('errors.logoNotImage');
  const form = useEntityForm({
    schema: funderFormSchema,
    defaultValues,
    errors: SAVE_ERRORS[mode],
    onSubmit: async (values) => {
      const change = choice.file ?? (choice.removed ? 'remove' : null);
      if (logo && change) {
        try {
          await logo.save(change);
        } catch (error) {
          choice.fail(logoErrorKey(error, change));
          return;
        }
        // Saved: a retry after a failed field save does not send it again.
        choice.bind.onChange(null);
      }
      await onSubmit(values);
    },
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
      {logo ? (
        <PictureUpload
          label={t('fields.logo')}
          hint={t('fields.logoHint')}
          chooseLabel={t('fields.chooseLogo')}
          noneChosenLabel={t('fields.noLogoChosen')}
          current={
            logo.current?.attachment_thumbnail_url_128 && !choice.removed ? (
              <img
                src={logo.current.attachment_thumbnail_url_128}
                alt={t('fields.currentLogo')}
                width={64}
                height={64}
                className={styles.currentLogo}
              />
            ) : null
          }
          {...choice.bind}
          error={choice.error ? t(choice.error) : null}
          remove={{ label: t('fields.removeLogo'), onRemove: choice.remove }}
        />
      ) : null}
    </EntityForm>
  );
}
