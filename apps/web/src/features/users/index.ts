/** Public entry of the users (contacts) feature. */
export { UsersPage } from './UsersPage';
export { UserDetail } from './UserDetail';
export { AddUserModal } from './AddUserModal';
export { EditProfileModal } from './EditProfileModal';
export { EditSettingsModal } from './EditSettingsModal';
export { ChangePasswordModal } from './ChangePasswordModal';
export { DeleteUserModal } from './DeleteUserModal';
export { Avatar } from './Avatar';
export { searchUsersByEmail, toPickedUser, usersQueries, useUser } from './api';
export { displayName } from './labels';
