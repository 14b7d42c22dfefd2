/** Public entry of the bank-accounts feature: the Banks tab of /transactions and its modals. */
export { BankConnectionsTab } from './BankConnectionsTab';
export { AddBankModal } from './AddBankModal';
export { ManageAccessModal } from './ManageAccessModal';
export { DeleteBankModal } from './DeleteBankModal';
