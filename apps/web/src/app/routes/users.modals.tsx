// Modals: /contacts/add-user and /contacts/:userId/{edit-profile,edit-settings,change-password,delete-user}.
import {
  AddUserModal,
  ChangePasswordModal,
  DeleteUserModal,
  EditProfileModal,
  EditSettingsModal,
} from '../../features/users';

export const AddUser = AddUserModal;
export const EditProfile = EditProfileModal;
export const EditSettings = EditSettingsModal;
export const ChangePassword = ChangePasswordModal;
export const DeleteUser = DeleteUserModal;
