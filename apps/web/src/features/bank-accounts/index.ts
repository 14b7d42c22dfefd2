export { BankConnectionsTab } from './BankAccountsPlaceholders';
export { BankModal, type BankModalName } from './BankModals';
