import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { FormActions } from '../../components/ui/Form';
import { RouteModal } from '../../components/ui/Modal';
import { isApiError } from '../../lib/api';
import { useSession } from '../auth';
import { useDeleteUser, useUser } from './api';
import { useUserIdParam } from './hooks';
import { displayName } from './labels';

/** /contacts/:userId/delete-user: confirm, delete, then go to your own contact page (spec §4). */
export function DeleteUserModal() {
  const { t } = useTranslation('users');
  const session = useSession();
  const id = useUserIdParam();
  const user = useUser(id);
  const remove = useDeleteUser(id ?? 0);
  const busy = remove.isPending;
  const failure = remove.isError
    ? isApiError(remove.error) && remove.error.status === 403
      ? t('deleteUser.forbidden')
      : t('deleteUser.failed')
    : null;
  const name = user.data ? displayName(user.data) : `#${id ?? ''}`;

  return (
    <RouteModal title={t('deleteUser.title')} busy={busy} size="small">
      {(close) => (
        <>
          <p>{t('deleteUser.confirm', { name })}</p>
          {failure ? <Alert>{failure}</Alert> : null}
          <FormActions>
            <Button variant="secondary" onClick={() => close()} disabled={busy}>
              {t('deleteUser.cancel')}
            </Button>
            <Button
              variant="danger"
              busy={busy}
              disabled={busy || id === null}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () =>
                    close(session ? `/contacts/${session.userId}` : '/contacts', {
                      replace: true,
                    }),
                })
              }
            >
              {busy ? t('deleteUser.submitting') : t('deleteUser.submit')}
            </Button>
          </FormActions>
        </>
      )}
    </RouteModal>
  );
}
