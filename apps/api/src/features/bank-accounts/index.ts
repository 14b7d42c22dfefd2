export { bankAccountsRoutes } from './bank-accounts.routes';
export { loadBankAccountSubject } from './bank-accounts.service';
export { accountSummariesJson } from './bank-accounts.queries';
