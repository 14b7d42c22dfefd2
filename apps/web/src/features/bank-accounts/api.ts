/**
 * Server state of the Banks tab (docs/spec-map.md §2.9): the caller's own and shared bank
 * accounts, one account with the people it is shared with, sharing, removing, importing a
 * bank statement (upload and preview, confirm, cancel), and linking a bank (the institutions,
 * the consent page to open, a sync now). Removing an account, importing a statement or a sync
 * changes the payments, so every payment list refreshes too (the /transactions overview lives
 * under the same root), and the caller's user detail (its bank accounts).
 */
import type { BankAccounts, StatementPreview, StatementResult } from '@helder/shared/bank-accounts';
import { bankAccountsRoutes } from '@helder/shared/bank-accounts/client';
import { usersRoutes } from '@helder/shared/users/client';
import {
  queryOptions,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { uploadApi } from '../../lib/upload';
import { paymentsQueries } from '../payments';
import { usersQueries } from '../users';

const all = ['bank-accounts'] as const;

const bankAccountsQueries = {
  all: () => all,
  /** GET /user/{userId}/bank-accounts: ownedBankAccounts and usedBankAccounts (none revoked). */
  list: (userId: number) =>
    queryOptions({
      queryKey: [...all, 'list', userId] as const,
      queryFn: ({ signal }) => callApi(bankAccountsRoutes.list, { params: { userId }, signal }),
    }),
  /** GET /user/{userId}/bank-account/{id}: the account with its users. */
  detail: (userId: number, bankAccountId: number) =>
    queryOptions({
      queryKey: [...all, 'detail', userId, bankAccountId] as const,
      queryFn: ({ signal }) =>
        callApi(bankAccountsRoutes.get, { params: { userId, bankAccountId }, signal }),
    }),
};

/** The bank-user search waits this long after the last keystroke (docs/spec-map.md §9). */
export const BANK_USER_SEARCH_DEBOUNCE_MS = 500;

/** Someone with (or about to get) access: what the access list shows. */
export interface BankUser {
  id: number;
  email: string;
  /** A picture URL, or null for the placeholder. */
  picture: string | null;
}

/** GET /users?email=…: the first 10 users whose e-mail matches (only those with an e-mail). */
export async function searchBankUsers(email: string, signal: AbortSignal): Promise<BankUser[]> {
  const { users } = await callApi(usersRoutes.list, { query: { email, limit: 10 }, signal });
  return users.flatMap((user) =>
    user.email
      ? [
          {
            id: user.id,
            email: user.email,
            picture:
              user.profile_picture?.attachment_thumbnail_url_128 ??
              user.profile_picture?.attachment_url ??
              null,
          },
        ]
      : [],
  );
}

export function useBankAccounts(userId: number) {
  return useQuery(bankAccountsQueries.list(userId));
}

/** One account; nothing is fetched without an id. */
export function useBankAccount(userId: number, bankAccountId: number | null) {
  return useQuery({
    ...bankAccountsQueries.detail(userId, bankAccountId ?? 0),
    enabled: bankAccountId !== null,
  });
}

/** The bank accounts, and what their payments show in: the payment lists and the user detail. */
function refreshAfterPaymentsChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: bankAccountsQueries.all() }),
    queryClient.invalidateQueries({ queryKey: paymentsQueries.all() }),
    queryClient.invalidateQueries({ queryKey: usersQueries.all() }),
  ]);
}

/** PATCH /user/{userId}/bank-account/{id}/users {user_ids}: exactly these users (set call). */
export function useSetBankUsers(userId: number, bankAccountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: number[]) =>
      callApi(bankAccountsRoutes.setUsers, {
        params: { userId, bankAccountId },
        body: { user_ids: userIds },
      }),
    onSuccess: (account) => {
      queryClient.setQueryData(bankAccountsQueries.detail(userId, bankAccountId).queryKey, account);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: bankAccountsQueries.all() }),
        queryClient.invalidateQueries({ queryKey: usersQueries.all() }),
      ]);
    },
  });
}

/** DELETE /user/{userId}/bank-account/{id}: the account and its unlinked payments. */
export function useRemoveBankAccount(userId: number, bankAccountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(bankAccountsRoutes.remove, { params: { userId, bankAccountId } }),
    onSuccess: () => {
      queryClient.removeQueries({
        queryKey: bankAccountsQueries.detail(userId, bankAccountId).queryKey,
      });
      return refreshAfterPaymentsChange(queryClient);
    },
  });
}

export interface StatementUpload {
  file: File;
  /** The account a file without its own account number belongs to. */
  bankAccountId?: number | undefined;
  /** JSON of a CSV column mapping (see csv-mapping.ts). */
  mapping?: string | undefined;
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/** POST /user/{userId}/statement-imports: multipart `file` (+ bank_account_id, mapping). */
function uploadStatement(
  userId: number,
  { file, bankAccountId, mapping, onProgress, signal }: StatementUpload,
): Promise<StatementPreview> {
  const body = new FormData();
  body.append('file', file);
  if (bankAccountId !== undefined) body.append('bank_account_id', String(bankAccountId));
  if (mapping !== undefined) body.append('mapping', mapping);
  return uploadApi(bankAccountsRoutes.preview, {
    params: { userId },
    body,
    ...(onProgress ? { onProgress } : {}),
    ...(signal ? { signal } : {}),
  });
}

export function useUploadStatement(userId: number) {
  return useMutation({
    mutationFn: (upload: StatementUpload) => uploadStatement(userId, upload),
  });
}

/** POST …/statement-import/{importId}/confirm: imports the previewed statement. */
export function useConfirmImport(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      importId,
      bank,
    }: {
      importId: number;
      bank?: string;
    }): Promise<StatementResult> =>
      callApi(bankAccountsRoutes.confirm, { params: { userId, importId }, query: { bank } }),
    onSuccess: () => refreshAfterPaymentsChange(queryClient),
  });
}

/** How often a running import is asked how far it has come. */
const IMPORT_PROGRESS_POLL_MS = 500;

/**
 * GET …/statement-import/{importId} every half second while `importId` is set (the confirm is
 * running): how many of the new lines are in so far.
 */
export function useImportProgress(userId: number, importId: number | null) {
  return useQuery({
    queryKey: [...all, 'import-progress', userId, importId] as const,
    queryFn: ({ signal }) =>
      callApi(bankAccountsRoutes.progress, {
        params: { userId, importId: importId ?? 0 },
        signal,
      }),
    enabled: importId !== null,
    refetchInterval: IMPORT_PROGRESS_POLL_MS,
    gcTime: 0,
  });
}

/** DELETE …/statement-import/{importId}: drops a preview (nothing was imported). */
export function useCancelImport(userId: number) {
  return useMutation({
    mutationFn: (importId: number) =>
      callApi(bankAccountsRoutes.cancel, { params: { userId, importId } }),
    // A preview that could not be dropped expires on the server; nothing to tell the user.
    onError: (error) => console.error('Cancelling the statement import failed', error),
  });
}

/** The institutions change rarely (the server caches them a day): an hour here is plenty. */
const INSTITUTIONS_STALE_MS = 60 * 60 * 1000;

/** GET /utils/gocardless/institutions: the banks that can be linked, the sandbox bank included. */
export function useInstitutions() {
  return useQuery({
    queryKey: [...all, 'institutions'] as const,
    queryFn: ({ signal }) => callApi(bankAccountsRoutes.institutions, { signal }),
    staleTime: INSTITUTIONS_STALE_MS,
  });
}

interface BankLinkRequest {
  institutionId: string;
  accessDays: number;
  historyDays: number;
}

const initiateKey = [...all, 'initiate'] as const;

/** GET /users/{userId}/gocardless-initiate: the bank's consent page for this consent. */
export function useInitiateBankLink(userId: number) {
  return useMutation({
    mutationKey: initiateKey,
    mutationFn: ({ institutionId, accessDays, historyDays }: BankLinkRequest) =>
      callApi(bankAccountsRoutes.initiate, {
        params: { userId },
        query: {
          institution_id: institutionId,
          n_days_access: accessDays,
          n_days_history: historyDays,
        },
      }),
  });
}

/** A bank's consent page is being asked for (the modal then waits before it closes). */
export function useInitiatingBankLink(): boolean {
  return useIsMutating({ mutationKey: initiateKey }) > 0;
}

/**
 * The accounts around a visit to the bank: `known()` as they are (the cached list, else read),
 * `reread()` as the server has them now, with what their payments show in refreshed, so a new
 * or renewed link shows after the bank's window closed.
 */
export function useBankAccountsReader(userId: number) {
  const queryClient = useQueryClient();
  return {
    known: (): Promise<BankAccounts> =>
      queryClient.ensureQueryData(bankAccountsQueries.list(userId)),
    reread: async (): Promise<BankAccounts> => {
      const accounts = await queryClient.fetchQuery({
        ...bankAccountsQueries.list(userId),
        staleTime: 0,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentsQueries.all() }),
        queryClient.invalidateQueries({ queryKey: usersQueries.all() }),
      ]);
      return accounts;
    },
  };
}

/**
 * How long after a queued sync the accounts are read again: the provider answers within
 * seconds, and the new last sync time and payments then show.
 */
export const SYNC_REFETCH_MS = 5000;

/**
 * POST /user/{userId}/bank-account/{id}/sync: `queued` starts fetching now (the accounts and
 * payments are read again a little later), `waiting` says when the bank allows the next one.
 */
export function useSyncBankAccount(userId: number, bankAccountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(bankAccountsRoutes.sync, { params: { userId, bankAccountId } }),
    onSuccess: (answer) => {
      // Not tied to the card: the refresh is due even if the user has moved on by then.
      if (answer.status === 'queued') {
        setTimeout(() => void refreshAfterPaymentsChange(queryClient), SYNC_REFETCH_MS);
      }
    },
  });
}
