// Pages: /contacts and /contacts/:userId (login only).
import { UserDetail, UsersPage } from '../../features/users';

export const Users = UsersPage;
export const User = UserDetail;
