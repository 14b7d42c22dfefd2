/** Server state of the funders (sponsors) feature: query keys, queries and mutations. */
import { fundersContract, type Funder } from '@helder/shared/funders';
import { PAGE_SIZE } from '@helder/shared/http';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { callApi } from '../../lib/api';

export const fundersKeys = {
  all: ['funders'] as const,
  list: () => [...fundersKeys.all, 'list'] as const,
  detail: (id: number) => [...fundersKeys.all, 'detail', id] as const,
};

export interface FunderInput {
  name: string;
  url: string;
}

/** GET /api/funders in pages of 20 ("Meer laden" while a page comes back full). */
export function useFunders() {
  return useInfiniteQuery({
    queryKey: fundersKeys.list(),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      callApi(fundersContract.list, { query: { offset: pageParam, limit: PAGE_SIZE }, signal }),
    getNextPageParam: (lastPage, pages) =>
      lastPage.funders.length < PAGE_SIZE ? undefined : pages.length * PAGE_SIZE,
    select: allFunders,
  });
}

/** The loaded pages as one list; pages may overlap after additions, so each id counts once. */
function allFunders(data: { pages: { funders: Funder[] }[] }): Funder[] {
  const seen = new Set<number>();
  return data.pages
    .flatMap((page) => page.funders)
    .filter((funder) => {
      if (seen.has(funder.id)) return false;
      seen.add(funder.id);
      return true;
    });
}

export function useFunder(id: number) {
  return useQuery({
    queryKey: fundersKeys.detail(id),
    queryFn: ({ signal }) => callApi(fundersContract.get, { params: { id }, signal }),
  });
}

function refresh(queryClient: QueryClient, funder?: Funder) {
  if (funder) queryClient.setQueryData(fundersKeys.detail(funder.id), funder);
  return queryClient.invalidateQueries({ queryKey: fundersKeys.list() });
}

export function useCreateFunder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FunderInput) => callApi(fundersContract.create, { body }),
    onSuccess: (funder) => refresh(queryClient, funder),
  });
}

export function useUpdateFunder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FunderInput) => callApi(fundersContract.update, { params: { id }, body }),
    onSuccess: (funder) => refresh(queryClient, funder),
  });
}

export function useDeleteFunder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(fundersContract.remove, { params: { id } }),
    // The detail stays cached: the closing modal still shows it while it fades out.
    onSuccess: () => refresh(queryClient),
  });
}
