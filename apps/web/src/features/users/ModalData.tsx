import type { User } from '@helder/shared/users';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavigateOptions, To } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { FormActions } from '../../components/ui/Form';
import { Spinner } from '../../components/ui/Spinner';
import { useEntityEditFields } from '../auth';
import { useUser } from './api';
import { errorMessage } from './labels';

export interface ModalDataProps {
  userId: number | null;
  close: (to?: To, options?: NavigateOptions) => void;
  /** Rendered once the user and the caller's editable fields are known. */
  children: (user: User, fields: string[]) => ReactNode;
}

/** Loads what an edit modal needs (the user and its edit-fields); spinner or error meanwhile. */
export function ModalData({ userId, close, children }: ModalDataProps) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const user = useUser(userId);
  const fields = useEntityEditFields(
    userId === null ? null : { entity_class: 'User', entity_id: userId },
  );

  if (user.data && fields.data) return children(user.data, fields.data.fields);

  const error = userId === null ? null : (user.error ?? fields.error);
  if (userId === null || error) {
    return (
      <>
        <Alert>
          {error ? tc('errors.loadFailed', { message: errorMessage(error) }) : t('detail.notFound')}
        </Alert>
        <FormActions align="end">
          <Button variant="secondary" onClick={() => close()}>
            {t('form.cancel')}
          </Button>
        </FormActions>
      </>
    );
  }
  return <Spinner label={t('form.loadingForm')} />;
}
