/**
 * The one form of initiatives and activities: create initiative (under a grant), create activity,
 * manage initiative and manage activity. The caller says which fields it shows (for the manage
 * forms: those `edit-fields` lists), the form validates exactly those (schemas.ts), sends only
 * them, and maps the server's answers (409, 404, 422, upload failures) to the spec's messages.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { LEGAL_ENTITIES } from '@helder/shared/initiatives/client';
import type { Picture } from '@helder/shared/users';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Form, SaveButtons } from '../../components/ui/Form';
import { PictureUpload, usePictureChoice } from '../../components/ui/PictureUpload';
import { TextArea } from '../../components/ui/TextArea';
import { TextField } from '../../components/ui/TextField';
import fieldStyles from '../../components/ui/TextField.module.css';
import { isApiError } from '../../lib/api';
import type { Resources } from '../../lib/i18n';
import styles from './form.module.css';
import {
  spendingUnitFormSchema,
  OPTIONAL_MAX,
  textRules,
  type SpendingUnitField,
  type SpendingUnitFormOutput,
  type SpendingUnitFormValues,
  type SpendingUnitKind,
  type SpendingUnitMessageKey,
  type SpendingUnitFormMode,
} from './schemas';

/** Thrown by `onSubmit` when the fields were saved but the picture upload or removal failed. */
export class PictureUploadError extends Error {
  override readonly name = 'PictureUploadError';
  constructor(override readonly cause: unknown) {
    super('Picture upload failed');
  }
}

type FormErrors = Resources['initiative-forms']['form']['errors'];
type ErrorKey = `form.errors.${keyof FormErrors}`;
type MessageKey = SpendingUnitMessageKey | ErrorKey;

const STORY_FIELDS = ['name', 'description', 'purpose', 'target_audience'] as const;
type StoryField = (typeof STORY_FIELDS)[number];
const isStoryField = (field: string): field is StoryField =>
  (STORY_FIELDS as readonly string[]).includes(field);

interface MappedError {
  field: SpendingUnitField | 'root';
  message: MessageKey;
}

/**
 * A failed save as messages (docs/spec-map.md §8): on the fields it concerns, or above the form.
 */
function mapServerError(
  error: unknown,
  mode: SpendingUnitFormMode,
  kind: SpendingUnitKind,
  fields: readonly SpendingUnitField[],
): MappedError[] {
  const failed: ErrorKey =
    mode === 'create'
      ? kind === 'initiative'
        ? 'form.errors.createFailed'
        : 'form.errors.createActivityFailed'
      : kind === 'initiative'
        ? 'form.errors.editInitiativeFailed'
        : 'form.errors.editActivityFailed';
  if (!isApiError(error)) return [{ field: 'root', message: failed }];
  if (error.status === 409) {
    const message: ErrorKey =
      mode === 'manage'
        ? 'form.errors.nameTakenManage'
        : kind === 'initiative'
          ? 'form.errors.nameTaken'
          : 'form.errors.activityNameTaken';
    return [{ field: fields.includes('name') ? 'name' : 'root', message }];
  }
  if (error.status === 404 && mode === 'create' && kind === 'activity') {
    return [{ field: 'root', message: 'form.errors.initiativeNotFound' }];
  }
  if (error.status === 403) return [{ field: 'root', message: 'form.errors.forbidden' }];
  if (error.status === 422) {
    const rules = textRules(mode, kind);
    const mapped: MappedError[] = [];
    for (const fieldError of error.errors) {
      const field = fieldError.field as SpendingUnitField;
      if (!fields.includes(field)) continue;
      if (isStoryField(field)) {
        const rule = rules[field];
        const empty = fieldError.code === 'too_small';
        mapped.push({
          field,
          message: `form.validation.${empty ? rule.empty : rule.tooLong}`,
        });
      } else if (field === 'budget') {
        mapped.push({ field, message: 'form.validation.budgetInvalid' });
      } else if (field === 'owner_email') {
        mapped.push({ field, message: 'form.validation.emailInvalid' });
      } else {
        mapped.push({ field, message: 'form.validation.textTooLong' });
      }
    }
    return mapped.length > 0 ? mapped : [{ field: 'root', message: 'form.errors.validation' }];
  }
  return [{ field: 'root', message: failed }];
}

/** What a save does with the picture: upload a chosen file, remove the current one, or nothing. */
type PictureChange = File | 'remove' | null;

function pictureErrorKey(error: unknown, change: PictureChange): ErrorKey {
  if (change === 'remove') return 'form.errors.pictureRemoveFailed';
  if (isApiError(error) && error.status === 413) return 'form.errors.pictureTooLarge';
  return 'form.errors.pictureFailed';
}

export interface SpendingUnitFormProps {
  mode: SpendingUnitFormMode;
  kind: SpendingUnitKind;
  /** Accessible name of the form (the modal title). */
  title: string;
  /** The fields shown (and sent), in any order; shown in the form's order. */
  fields: readonly SpendingUnitField[];
  defaultValues: SpendingUnitFormValues;
  /** Manage forms: the current picture (removable) and a file input (images only). */
  picture?: { current: Picture | null } | undefined;
  busy: boolean;
  /** Saves; throws an ApiError (fields) or a PictureUploadError (picture) to keep the form open. */
  onSubmit: (values: SpendingUnitFormOutput, picture: PictureChange) => Promise<unknown>;
  onCancel: () => void;
}

export function SpendingUnitForm({
  mode,
  kind,
  title,
  fields,
  defaultValues,
  picture,
  busy,
  onSubmit,
  onCancel,
}: SpendingUnitFormProps) {
  const { t } = useTranslation('initiative-forms');
  const formId = useId();
  // Like a chosen file, a removal waits for 'Opslaan'.
  const choice = usePictureChoice<MessageKey>('form.validation.pictureNotImage');
  const shown = (field: SpendingUnitField) => fields.includes(field);
  const rules = textRules(mode, kind);

  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<SpendingUnitFormValues, unknown, SpendingUnitFormOutput>({
    resolver: zodResolver(spendingUnitFormSchema(mode, kind, fields)),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const description = useWatch({ control, name: 'description' });

  const submit = handleSubmit(async (values) => {
    if (choice.error) return;
    const change: PictureChange = choice.file ?? (choice.removed ? 'remove' : null);
    try {
      await onSubmit(values, change);
    } catch (error) {
      if (error instanceof PictureUploadError) {
        choice.fail(pictureErrorKey(error.cause, change));
        return;
      }
      let focused = false;
      for (const { field, message } of mapServerError(error, mode, kind, fields)) {
        if (field === 'root') {
          setError('root.server', { message });
        } else {
          setError(field, { message }, { shouldFocus: !focused });
          focused = true;
        }
      }
    }
  });

  const text = (key: string | undefined, max?: number) =>
    key ? t(key as MessageKey, { max }) : undefined;
  const errorOf = (field: SpendingUnitField) => text(errors[field]?.message, OPTIONAL_MAX[field]);
  const serverError = errors.root?.server?.message;
  const label = (field: SpendingUnitField) => t(`form.fields.${field}`);
  const counterMax = rules.description.max;

  const textField = (
    field: Exclude<
      SpendingUnitField,
      'description' | 'legal_entity' | 'hidden' | 'hidden_sponsors'
    >,
    extra: object = {},
  ) =>
    shown(field) ? (
      <TextField
        key={field}
        label={label(field)}
        autoComplete="off"
        error={errorOf(field)}
        {...extra}
        {...register(field)}
      />
    ) : null;

  const checkbox = (field: 'hidden' | 'hidden_sponsors', hint: string) =>
    shown(field) ? (
      <div key={field} className={styles.checkbox}>
        <label className={styles.choice}>
          <input
            type="checkbox"
            aria-describedby={`${formId}-${field}-hint`}
            {...register(field)}
          />
          <span>{label(field)}</span>
        </label>
        <p id={`${formId}-${field}-hint`} className={fieldStyles.hint}>
          {hint}
        </p>
      </div>
    ) : null;

  return (
    <Form onSubmit={submit} aria-label={title}>
      {serverError ? <Alert>{text(serverError)}</Alert> : null}
      {textField('name')}
      {shown('description') ? (
        <TextArea
          label={label('description')}
          rows={5}
          error={errorOf('description')}
          counter={{ length: description.length, max: counterMax }}
          {...register('description')}
        />
      ) : null}
      {textField('purpose')}
      {textField('target_audience')}
      {textField('owner', { autoComplete: 'organization' })}
      {textField('owner_email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      {shown('legal_entity') ? (
        <div className={fieldStyles.field}>
          <label htmlFor={`${formId}-legal`} className={fieldStyles.label}>
            {label('legal_entity')}
          </label>
          <select
            id={`${formId}-legal`}
            className={fieldStyles.select}
            {...register('legal_entity')}
          >
            {LEGAL_ENTITIES.map((entity) => (
              <option key={entity} value={entity}>
                {t(`form.legalEntities.${entity}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {textField('address_applicant', { autoComplete: 'street-address' })}
      {textField('kvk_registration')}
      {textField('location')}
      {textField('budget', { inputMode: 'decimal', hint: t('form.fields.budgetHint') })}
      {checkbox('hidden_sponsors', t('form.fields.hiddenSponsorsHint'))}
      {checkbox('hidden', t('form.fields.hiddenHint'))}

      {picture ? (
        <PictureUpload
          label={t('form.fields.picture')}
          hint={t('form.fields.pictureHint')}
          chooseLabel={t('form.fields.choosePicture')}
          noneChosenLabel={t('form.fields.noPictureChosen')}
          current={
            picture.current?.attachment_thumbnail_url_128 && !choice.removed ? (
              <img
                src={picture.current.attachment_thumbnail_url_128}
                alt={t('form.fields.currentPicture')}
                width={64}
                height={64}
                className={styles.currentPicture}
              />
            ) : null
          }
          {...choice.bind}
          error={choice.error ? t(choice.error) : null}
          remove={{ label: t('form.fields.removePicture'), onRemove: choice.remove }}
        />
      ) : null}

      <SaveButtons
        busy={busy}
        onCancel={onCancel}
        labels={{ cancel: t('form.cancel'), submit: t('form.save'), busy: t('form.saving') }}
      />
    </Form>
  );
}
