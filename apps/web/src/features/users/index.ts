export { UserDetail, UsersPage } from './UsersPlaceholders';
export { UserModal, type UserModalName } from './UserModals';
