// Modals: /contacts/add-user and /contacts/:userId/delete-user.
import { UserModal } from '../../features/users';
import type { Namespace } from '../../lib/i18n';

export const namespaces: Namespace[] = ['users'];

export const AddUser = () => <UserModal modal="addUser" />;
export const DeleteUser = () => <UserModal modal="deleteUser" />;
