/** Server state of the funders feature: query factories and the mutations that refresh them. */
import type { fundersContract, Funder } from '@helder/shared/funders';
import { fundersRoutes } from '@helder/shared/funders/client';
import type { ResponseOf } from '@helder/shared/http';
import { PAGE_SIZE } from '@helder/shared/http/client';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { callApi, nextOffset, uniqueById, type ParsedBodyOf } from '../../lib/api';

const all = ['funders'] as const;

const fundersQueries = {
  /** GET /api/funders in pages of 20 ("Meer laden" while a page comes back full), as one list. */
  list: () =>
    infiniteQueryOptions({
      queryKey: [...all, 'list'] as const,
      initialPageParam: 0,
      queryFn: ({ pageParam, signal }) =>
        callApi(fundersRoutes.list, { query: { offset: pageParam, limit: PAGE_SIZE }, signal }),
      getNextPageParam: (lastPage, pages) => nextOffset(lastPage.funders, pages),
      select: allFunders,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...all, 'detail', id] as const,
      queryFn: ({ signal }) => callApi(fundersRoutes.get, { params: { id }, signal }),
    }),
};

/** The loaded pages as one list; pages may overlap after additions, so each id counts once. */
const allFunders = (data: InfiniteData<ResponseOf<typeof fundersContract.list>>): Funder[] =>
  uniqueById(data.pages.flatMap((page) => page.funders));

export const useFunders = () => useInfiniteQuery(fundersQueries.list());
export const useFunder = (id: number) => useQuery(fundersQueries.detail(id));

const refreshList = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: fundersQueries.list().queryKey });

export function useCreateFunder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParsedBodyOf<typeof fundersContract.create>) =>
      callApi(fundersRoutes.create, { body }),
    onSuccess: (funder) => {
      // A new funder has no regulations yet: its detail is known without asking.
      queryClient.setQueryData(fundersQueries.detail(funder.id).queryKey, {
        ...funder,
        regulations: [],
      });
      return refreshList(queryClient);
    },
  });
}

export function useUpdateFunder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParsedBodyOf<typeof fundersContract.update>) =>
      callApi(fundersRoutes.update, { params: { id }, body }),
    onSuccess: (funder) => {
      // The answer leaves out the regulations; the cached detail keeps them.
      queryClient.setQueryData(fundersQueries.detail(id).queryKey, (old) =>
        old ? { ...old, ...funder } : old,
      );
      return refreshList(queryClient);
    },
  });
}

/** POST /api/funder/:id/logo (multipart field `file`), or its DELETE: the list and detail follow. */
export function useFunderLogo(id: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: fundersQueries.detail(id).queryKey }),
      refreshList(queryClient),
    ]);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return callApi(fundersRoutes.uploadLogo, { params: { id }, body });
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => callApi(fundersRoutes.removeLogo, { params: { id } }),
    onSuccess: refresh,
  });
  return {
    isPending: upload.isPending || remove.isPending,
    save: (change: File | 'remove') =>
      change === 'remove' ? remove.mutateAsync() : upload.mutateAsync(change),
  };
}

export function useDeleteFunder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(fundersRoutes.remove, { params: { id } }),
    // The detail stays cached: the closing modal still shows it while it fades out.
    onSuccess: () => refreshList(queryClient),
  });
}
