export { bankAccountsRoutes } from './bank-accounts.routes';
export { loadBankAccountSubject } from './bank-accounts.service';
export { accountSummariesJson } from './bank-accounts.queries';
export { dedupeKeys } from './dedupe-keys';
export { insertLines } from './import-core';
export { institutionOfIban } from './institutions';
export { parseStatement } from './statements/parse';
export { forgetUserParses } from './stored-parses';
