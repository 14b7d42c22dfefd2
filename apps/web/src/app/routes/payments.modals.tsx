// Modals of the bank tabs: add-bank, invite-user(s), revoke-bank / delete-bank.
import { AddBankModal, DeleteBankModal, ManageAccessModal } from '../../features/bank-accounts';

export const AddBank = AddBankModal;
export const InviteUser = ManageAccessModal;
export const RevokeBank = DeleteBankModal;
