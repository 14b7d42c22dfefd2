import { useTranslation } from 'react-i18next';
import { DeleteModal } from '../../components/ui/DeleteModal';
import { isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useSession } from '../auth';
import { useDeleteUser, useUser } from './api';
import { useUserIdParam } from './hooks';
import { displayName } from './labels';

/**
 * /contacts/:userId/delete-user: confirm, delete, then go to your own contact page
 * (docs/spec-map.md §4).
 */
export function DeleteUserModal() {
  const { t } = useTranslation('users');
  const session = useSession();
  const id = useUserIdParam();
  const user = useUser(id);
  const remove = useDeleteUser(id ?? 0);
  const failure = remove.isError
    ? isApiError(remove.error) && remove.error.status === 403
      ? t('deleteUser.forbidden')
      : t('deleteUser.failed')
    : null;
  const name = user.data ? displayName(user.data) : `#${id ?? ''}`;

  return (
    <DeleteModal
      title={t('deleteUser.title')}
      text={t('deleteUser.confirm', { name })}
      error={failure}
      labels={{
        cancel: t('deleteUser.cancel'),
        confirm: t('deleteUser.submit'),
        busy: t('deleteUser.submitting'),
      }}
      busy={remove.isPending}
      disabled={id === null}
      onConfirm={(close) =>
        remove.mutate(undefined, {
          onSuccess: () =>
            close(session ? paths.user(session.userId) : paths.users(), { replace: true }),
        })
      }
    />
  );
}
