/** Server state of the media feature: the attachments of an initiative's or activity's payments. */
import { PAGE_SIZE } from '@helder/shared/http';
import { mediaContract } from '@helder/shared/media';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';

export interface MediaScope {
  initiativeId: number;
  activityId?: number | undefined;
}

export const mediaKeys = {
  all: ['media'] as const,
  list: (scope: MediaScope) =>
    [...mediaKeys.all, scope.initiativeId, scope.activityId ?? null] as const,
};

/** GET …/media, 20 at a time, newest first; a page with fewer than 20 is the last one. */
export function useMedia(scope: MediaScope) {
  return useInfiniteQuery({
    queryKey: mediaKeys.list(scope),
    queryFn: async ({ pageParam, signal }) => {
      const query = { offset: pageParam, limit: PAGE_SIZE };
      const { attachments } =
        scope.activityId === undefined
          ? await callApi(mediaContract.initiative, {
              params: { initiativeId: scope.initiativeId },
              query,
              signal,
            })
          : await callApi(mediaContract.activity, {
              params: { initiativeId: scope.initiativeId, activityId: scope.activityId },
              query,
              signal,
            });
      return attachments;
    },
    initialPageParam: 0,
    getNextPageParam: (lastPage, allPages) =>
      lastPage.length < PAGE_SIZE ? undefined : allPages.length * PAGE_SIZE,
  });
}

/** A PDF has no thumbnails (server-rules §11): it shows a pdf tile instead of a picture. */
export function isPdf(attachment: { attachment_thumbnail_url_256: string | null }): boolean {
  return attachment.attachment_thumbnail_url_256 === null;
}
