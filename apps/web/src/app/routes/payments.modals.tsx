// Modals of the bank tabs: add-bank, invite-user(s), revoke-bank / delete-bank.
import { AddBankModal, DeleteBankModal, ManageAccessModal } from '../../features/bank-accounts';
import type { Namespace } from '../../lib/i18n';

export const namespaces: Namespace[] = ['bank-accounts'];

export const AddBank = AddBankModal;
export const InviteUser = ManageAccessModal;
export const RevokeBank = DeleteBankModal;
