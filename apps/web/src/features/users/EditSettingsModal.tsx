import { zodResolver } from '@hookform/resolvers/zod';
import { LANGUAGES } from '@helder/shared/languages';
import type { UpdateUserInput, User } from '@helder/shared/users';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { NavigateOptions, To } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Form, SaveButtons } from '../../components/ui/Form';
import { RouteModal } from '../../components/ui/Modal';
import { TextField } from '../../components/ui/TextField';
import { isApiError } from '../../lib/api';
import { ROLE_OPTIONS } from './AddUserModal';
import { useUpdateUser } from './api';
import { CheckboxField, RadioGroupField } from '../../components/ui/ChoiceFields';
import { useUserIdParam } from './hooks';
import { ModalData } from './ModalData';
import { editSettingsFormSchema, type EditSettingsForm, type UsersMessageKey } from './schemas';

type ServerError = 'editSettings.forbidden' | 'editSettings.failed';
type FieldMessage = UsersMessageKey | 'editSettings.emailTaken';

interface SettingsFormProps {
  user: User;
  fields: string[];
  close: (to?: To, options?: NavigateOptions) => void;
  update: ReturnType<typeof useUpdateUser>;
}

function EditSettingsFormView({ user, fields, close, update }: SettingsFormProps) {
  const { t } = useTranslation('users');
  const busy = update.isPending;
  const listed = (field: string) => fields.includes(field);
  const initial: EditSettingsForm = {
    email: user.email ?? '',
    role: user.role,
    is_active: user.is_active ?? true,
    hidden: user.hidden ?? false,
    receipt_reminders: user.receipt_reminders ?? true,
    language: user.language ?? 'nl',
  };

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EditSettingsForm>({
    resolver: zodResolver(editSettingsFormSchema),
    defaultValues: initial,
    // The e-mail is checked when leaving the field and then while typing; saving is blocked
    // while an error shows.
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });

  const onSubmit = handleSubmit(async (values) => {
    const body: UpdateUserInput = {};
    if (listed('email') && values.email.toLowerCase() !== initial.email.toLowerCase()) {
      body.email = values.email;
    }
    if (listed('role') && values.role !== initial.role) body.role = values.role;
    if (listed('is_active') && values.is_active !== initial.is_active) {
      body.is_active = values.is_active;
    }
    if (listed('hidden') && values.hidden !== initial.hidden) body.hidden = values.hidden;
    if (listed('receipt_reminders') && values.receipt_reminders !== initial.receipt_reminders) {
      body.receipt_reminders = values.receipt_reminders;
    }
    if (listed('language') && values.language !== initial.language) {
      body.language = values.language;
    }
    if (Object.keys(body).length === 0) {
      close();
      return;
    }
    try {
      await update.mutateAsync(body);
      close();
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setError('email', { message: 'editSettings.emailTaken' }, { shouldFocus: true });
      } else if (isApiError(error) && error.status === 422 && body.email !== undefined) {
        setError('email', { message: 'editSettings.emailInvalid' }, { shouldFocus: true });
      } else if (isApiError(error) && error.status === 403) {
        setError('root.server', { message: 'editSettings.forbidden' satisfies ServerError });
      } else {
        setError('root.server', { message: 'editSettings.failed' satisfies ServerError });
      }
    }
  });

  const emailError = errors.email?.message ? t(errors.email.message as FieldMessage) : undefined;
  const serverError = errors.root?.server?.message as ServerError | undefined;

  return (
    <Form onSubmit={onSubmit} aria-label={t('editSettings.title')}>
      {serverError ? <Alert>{t(serverError)}</Alert> : null}
      {listed('email') ? (
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          error={emailError}
          {...register('email')}
        />
      ) : null}
      {listed('role') ? (
        <RadioGroupField
          legend={t('fields.role')}
          options={ROLE_OPTIONS.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          {...register('role')}
        />
      ) : null}
      {listed('is_active') ? (
        <CheckboxField
          label={t('fields.isActive')}
          hint={t('fields.isActiveHint')}
          {...register('is_active')}
        />
      ) : null}
      {listed('hidden') ? (
        <CheckboxField
          label={t('fields.hidden')}
          hint={t('fields.hiddenHint')}
          {...register('hidden')}
        />
      ) : null}
      {listed('receipt_reminders') ? (
        <CheckboxField
          label={t('fields.receiptReminders')}
          hint={t('fields.receiptRemindersHint')}
          {...register('receipt_reminders')}
        />
      ) : null}
      {listed('language') ? (
        <RadioGroupField
          legend={t('fields.mailLanguage')}
          options={LANGUAGES.map((language) => ({
            value: language,
            label: t(`mailLanguages.${language}`),
          }))}
          {...register('language')}
        />
      ) : null}
      <SaveButtons
        align="between"
        busy={busy}
        disabled={emailError !== undefined}
        onCancel={() => close()}
        labels={{ cancel: t('form.cancel'), submit: t('form.save'), busy: t('form.saving') }}
      />
    </Form>
  );
}

/**
 * /contacts/:userId/edit-settings: e-mail, role, active, hidden, and for the user themself the
 * receipt reminders and the language of their mails; each only when editable.
 */
export function EditSettingsModal() {
  const { t } = useTranslation('users');
  const id = useUserIdParam();
  const update = useUpdateUser(id ?? 0);
  return (
    <RouteModal title={t('editSettings.title')} busy={update.isPending}>
      {(close) => (
        <ModalData userId={id} close={close}>
          {(user, fields) => (
            <EditSettingsFormView user={user} fields={fields} close={close} update={update} />
          )}
        </ModalData>
      )}
    </RouteModal>
  );
}
