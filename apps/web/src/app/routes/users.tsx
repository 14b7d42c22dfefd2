// Pages: /contacts and /contacts/:userId (login only).
import { UserDetail, UsersPage } from '../../features/users';
import type { Namespace } from '../../lib/i18n';

export const namespaces: Namespace[] = ['users'];

export const Users = UsersPage;
export const User = UserDetail;
