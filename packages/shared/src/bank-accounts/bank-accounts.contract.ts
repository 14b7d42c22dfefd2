import { z } from 'zod';
import { emptyResponse, endpoint, idSchema, userIdsBody } from '../http';
import {
  bankAccountSchema,
  bankAccountsResponse,
  bankAccountSummarySchema,
  bankLinkQuery,
  bankLinkResponse,
  bankSyncResponse,
  institutionsResponse,
  statementConfirmQuery,
  statementPreviewSchema,
  statementProgressSchema,
  statementResultSchema,
  statementUploadFields,
} from './bank-accounts.schema';
import { routeTable } from './bank-accounts.routes';

const userParams = z.object({ userId: idSchema });
const accountParams = userParams.extend({ bankAccountId: idSchema });
const importParams = userParams.extend({ importId: idSchema });

/** `userId` is the caller (admins may name anyone for reading and revoking). */
export const bankAccountsContract = {
  list: endpoint({
    ...routeTable.list,
    summary: "The user's own bank accounts and those shared with them (the Banks tab)",
    params: userParams,
    response: bankAccountsResponse,
  }),
  get: endpoint({
    ...routeTable.get,
    summary: 'A bank account with the people it is shared with',
    params: accountParams,
    response: bankAccountSchema,
  }),
  revoke: endpoint({
    ...routeTable.revoke,
    summary: 'Revoke the account: its unlinked imported payments go, linked ones stay (no body)',
    params: accountParams,
    response: bankAccountSummarySchema,
  }),
  setUsers: endpoint({
    ...routeTable.setUsers,
    summary: 'Share the account with exactly these users (set semantics; owner only)',
    params: accountParams,
    body: userIdsBody,
    response: bankAccountSchema,
  }),
  remove: endpoint({
    ...routeTable.remove,
    summary: 'Delete the account and its unlinked imported payments; linked ones stay',
    params: accountParams,
    response: emptyResponse,
  }),
  preview: endpoint({
    ...routeTable.preview,
    summary: 'Upload a statement file (CAMT.053, MT940, CSV) and see what importing it would add',
    params: userParams,
    body: statementUploadFields,
    response: statementPreviewSchema,
  }),
  confirm: endpoint({
    ...routeTable.confirm,
    summary: 'Import a previewed statement, all of it in one transaction',
    params: importParams,
    query: statementConfirmQuery,
    response: statementResultSchema,
  }),
  progress: endpoint({
    ...routeTable.progress,
    summary: 'Where an import stands; while it runs, how many of its lines are added so far',
    params: importParams,
    response: statementProgressSchema,
  }),
  cancel: endpoint({
    ...routeTable.cancel,
    summary: 'Drop a preview and its uploaded file',
    params: importParams,
    response: emptyResponse,
  }),
  institutions: endpoint({
    ...routeTable.institutions,
    summary: 'The banks that can be linked, the sandbox bank included (public, cached a day)',
    response: institutionsResponse,
  }),
  initiate: endpoint({
    ...routeTable.initiate,
    summary: "Start linking a bank for yourself: the bank's consent page to open",
    params: userParams,
    query: bankLinkQuery,
    response: bankLinkResponse,
  }),
  sync: endpoint({
    ...routeTable.sync,
    summary: "Fetch a linked account's new transactions now, or say when that is possible",
    params: accountParams,
    response: bankSyncResponse,
  }),
};
