import { zodResolver } from '@hookform/resolvers/zod';
import type { UpdateUserInput, User } from '@helder/shared/users';
import { BIOGRAPHY_MAX } from '@helder/shared/users/client';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { NavigateOptions, To } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Form, SaveButtons } from '../../components/ui/Form';
import { RouteModal } from '../../components/ui/Modal';
import { PictureUpload, usePictureChoice } from '../../components/ui/PictureUpload';
import { TextField } from '../../components/ui/TextField';
import { isApiError } from '../../lib/api';
import { useRemovePicture, useUpdateUser, useUploadPicture } from './api';
import { Avatar } from './Avatar';
import { CheckboxField } from '../../components/ui/ChoiceFields';
import { TextArea } from '../../components/ui/TextArea';
import { useUserIdParam } from './hooks';
import { ModalData } from './ModalData';
import {
  editProfileFormSchema,
  isBiographyTooLong,
  type EditProfileForm,
  type UsersMessageKey,
} from './schemas';

type PhotoError =
  | 'editProfile.photoNotImage'
  | 'editProfile.photoTooLarge'
  | 'editProfile.photoFailed'
  | 'editProfile.photoRemoveFailed';

function photoErrorKey(error: unknown): PhotoError {
  if (isApiError(error) && error.status === 413) return 'editProfile.photoTooLarge';
  if (isApiError(error) && error.status === 415) return 'editProfile.photoNotImage';
  return 'editProfile.photoFailed';
}

type Close = (to?: To, options?: NavigateOptions) => void;

interface ProfileFormProps {
  user: User;
  fields: string[];
  close: Close;
  onBusyChange: (busy: boolean) => void;
}

function EditProfileFormView({ user, fields, close, onBusyChange }: ProfileFormProps) {
  const { t } = useTranslation('users');
  const update = useUpdateUser(user.id);
  const upload = useUploadPicture(user.id);
  const removal = useRemovePicture(user.id);
  const busy = update.isPending || upload.isPending || removal.isPending;
  const listed = (field: string) => fields.includes(field);
  // Like a chosen photo, a removal waits for 'Opslaan'.
  const photo = usePictureChoice<PhotoError>('editProfile.photoNotImage');
  // A failed save marks the inputs as error (docs/spec-map.md §8).
  const [failed, setFailed] = useState(false);

  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<EditProfileForm>({
    resolver: zodResolver(editProfileFormSchema),
    defaultValues: {
      first_name: user.first_name ?? '',
      last_name: user.last_name ?? '',
      biography: user.biography ?? '',
      hidden: user.hidden ?? false,
    },
  });

  const biography = useWatch({ control, name: 'biography' });

  const onSubmit = handleSubmit(async (values) => {
    setFailed(false);
    const body: UpdateUserInput = {};
    if (listed('first_name') && values.first_name !== (user.first_name ?? '')) {
      body.first_name = values.first_name;
    }
    if (listed('last_name') && values.last_name !== (user.last_name ?? '')) {
      body.last_name = values.last_name;
    }
    if (listed('biography') && values.biography !== (user.biography ?? '')) {
      body.biography = values.biography;
    }
    if (listed('hidden') && values.hidden !== (user.hidden ?? false)) body.hidden = values.hidden;

    onBusyChange(true);
    try {
      if (Object.keys(body).length > 0) {
        try {
          await update.mutateAsync(body);
        } catch (error) {
          setFailed(true);
          for (const fieldError of isApiError(error) ? error.errors : []) {
            if (fieldError.field === 'biography') {
              setError('biography', { message: 'editProfile.biographyTooLong' });
            } else if (fieldError.field === 'first_name' || fieldError.field === 'last_name') {
              setError(fieldError.field, { message: 'editProfile.nameTooLong' });
            }
          }
          setError('root.server', { message: 'editProfile.failed' });
          return;
        }
      }
      if (photo.file) {
        try {
          await upload.mutateAsync(photo.file);
        } catch (error) {
          photo.fail(photoErrorKey(error));
          return;
        }
      } else if (photo.removed) {
        try {
          await removal.mutateAsync();
        } catch {
          photo.fail('editProfile.photoRemoveFailed');
          return;
        }
      }
      close();
    } finally {
      onBusyChange(false);
    }
  });

  const fieldError = (message: string | undefined) =>
    message ? t(message as UsersMessageKey) : undefined;
  const biographyError =
    fieldError(errors.biography?.message) ??
    (isBiographyTooLong(biography) ? t('editProfile.biographyTooLong') : undefined);
  const serverError = errors.root?.server?.message;

  return (
    <Form onSubmit={onSubmit} aria-label={t('editProfile.title')}>
      {serverError ? <Alert>{t('editProfile.failed')}</Alert> : null}
      {listed('first_name') ? (
        <TextField
          label={t('fields.firstName')}
          autoComplete="given-name"
          error={fieldError(errors.first_name?.message)}
          aria-invalid={failed || errors.first_name ? true : undefined}
          {...register('first_name')}
        />
      ) : null}
      {listed('last_name') ? (
        <TextField
          label={t('fields.lastName')}
          autoComplete="family-name"
          error={fieldError(errors.last_name?.message)}
          aria-invalid={failed || errors.last_name ? true : undefined}
          {...register('last_name')}
        />
      ) : null}
      {listed('biography') ? (
        <TextArea
          label={t('fields.biography')}
          rows={5}
          error={biographyError}
          invalid={failed}
          counter={{ length: biography.length, max: BIOGRAPHY_MAX }}
          {...register('biography')}
        />
      ) : null}

      <PictureUpload
        label={t('fields.photo')}
        hint={t('fields.photoHint')}
        chooseLabel={t('editProfile.choosePhoto')}
        noneChosenLabel={t('editProfile.noPhotoChosen')}
        current={
          user.profile_picture && !photo.removed ? (
            <Avatar user={user} alt={t('editProfile.currentPhoto')} />
          ) : null
        }
        remove={{ label: t('editProfile.removePhoto'), onRemove: photo.remove }}
        {...photo.bind}
        error={photo.error ? t(photo.error) : null}
        invalid={failed}
      />

      {listed('hidden') ? (
        <CheckboxField
          label={t('fields.hidden')}
          hint={t('fields.hiddenHint')}
          invalid={failed}
          {...register('hidden')}
        />
      ) : null}

      <SaveButtons
        align="between"
        busy={busy}
        onCancel={() => close()}
        labels={{ cancel: t('form.cancel'), submit: t('form.save'), busy: t('form.saving') }}
      />
    </Form>
  );
}

/** /contacts/:userId/edit-profile: names, biography (counter x/500), photo, and `hidden` if allowed. */
export function EditProfileModal() {
  const { t } = useTranslation('users');
  const id = useUserIdParam();
  const [busy, setBusy] = useState(false);
  return (
    <RouteModal title={t('editProfile.title')} busy={busy}>
      {(close) => (
        <ModalData userId={id} close={close}>
          {(user, fields) => (
            <EditProfileFormView user={user} fields={fields} close={close} onBusyChange={setBusy} />
          )}
        </ModalData>
      )}
    </RouteModal>
  );
}
