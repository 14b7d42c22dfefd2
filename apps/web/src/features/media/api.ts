/** Server state of the media feature: the attachments of an initiative's or activity's payments. */
import { PAGE_SIZE } from '@helder/shared/http/client';
import type { mediaContract } from '@helder/shared/media';
import { mediaRoutes } from '@helder/shared/media/client';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi, nextOffset, type ParsedParamsOf } from '../../lib/api';

/** An initiative's media, or one of its activities' when `activityId` is given. */
export type MediaScope = ParsedParamsOf<typeof mediaContract.initiative> &
  Partial<Pick<ParsedParamsOf<typeof mediaContract.activity>, 'activityId'>>;

export const mediaQueries = {
  all: () => ['media'] as const,
  /** GET …/media, 20 at a time, newest first; a page with fewer than 20 is the last one. */
  list: ({ initiativeId, activityId }: MediaScope) =>
    infiniteQueryOptions({
      queryKey: [...mediaQueries.all(), initiativeId, activityId ?? null] as const,
      queryFn: async ({ pageParam, signal }) => {
        const query = { offset: pageParam, limit: PAGE_SIZE };
        const { attachments } =
          activityId === undefined
            ? await callApi(mediaRoutes.initiative, { params: { initiativeId }, query, signal })
            : await callApi(mediaRoutes.activity, {
                params: { initiativeId, activityId },
                query,
                signal,
              });
        return attachments;
      },
      initialPageParam: 0,
      getNextPageParam: (lastPage, allPages) => nextOffset(lastPage, allPages),
    }),
};

export function useMedia(scope: MediaScope) {
  return useInfiniteQuery(mediaQueries.list(scope));
}

/** A PDF has no thumbnails (docs/api-rules.md §11): it shows a pdf tile instead of a picture. */
export function isPdf(attachment: { attachment_thumbnail_url_256: string | null }): boolean {
  return attachment.attachment_thumbnail_url_256 === null;
}
