// Modals of the bank tabs: add-bank, invite-user(s), revoke-bank / delete-bank.
import { BankModal } from '../../features/bank-accounts';
import type { Namespace } from '../../lib/i18n';

export const namespaces: Namespace[] = ['bank-accounts'];

export const AddBank = () => <BankModal modal="addBank" />;
export const InviteUser = () => <BankModal modal="inviteUser" />;
export const RevokeBank = () => <BankModal modal="revokeBank" />;
