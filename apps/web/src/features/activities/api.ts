/**
 * Server state of the activities feature: one activity and its mutations. The initiative's
 * detail holds the activity list (newest first), so a new activity goes on top of it, an edited
 * one is merged and a deleted one removed (docs/spec-map.md §4); the initiative is then refetched
 * for its totals.
 */
import type { Activity, ActivityInput, ActivityPatch } from '@helder/shared/activities';
import { activitiesRoutes } from '@helder/shared/activities/client';
import type { ActivitySummary } from '@helder/shared/initiatives';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { authKeys } from '../auth';
import { initiativesQueries } from '../initiatives';

const all = ['activities'] as const;

export const activitiesQueries = {
  all: () => all,
  detail: (initiativeId: number, activityId: number) =>
    queryOptions({
      queryKey: [...all, 'detail', initiativeId, activityId] as const,
      queryFn: ({ signal }) =>
        callApi(activitiesRoutes.get, { params: { initiativeId, activityId }, signal }),
    }),
};

export function useActivity(initiativeId: number, activityId: number) {
  return useQuery(activitiesQueries.detail(initiativeId, activityId));
}

const summaryOf = (activity: Activity): ActivitySummary => ({
  id: activity.id,
  name: activity.name,
  budget: activity.budget,
  income: activity.income,
  expenses: activity.expenses,
  hidden: activity.hidden,
});

/** Updates the initiative's activity list in the cache, then refetches the initiative. */
function updateList(
  queryClient: QueryClient,
  initiativeId: number,
  change: (activities: ActivitySummary[]) => ActivitySummary[],
) {
  const key = initiativesQueries.detail(initiativeId).queryKey;
  queryClient.setQueryData(key, (old) =>
    old ? { ...old, activities: change(old.activities) } : old,
  );
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: key }),
    queryClient.invalidateQueries({ queryKey: initiativesQueries.lists() }),
  ]);
}

/** POST /api/initiative/:id/activity: the new activity goes on top of the list. */
export function useCreateActivity(initiativeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ActivityInput) =>
      callApi(activitiesRoutes.create, { params: { initiativeId }, body }),
    onSuccess: (activity) => {
      queryClient.setQueryData(
        activitiesQueries.detail(initiativeId, activity.id).queryKey,
        activity,
      );
      return updateList(queryClient, initiativeId, (list) => [
        summaryOf(activity),
        ...list.filter((other) => other.id !== activity.id),
      ]);
    },
  });
}

export function useUpdateActivity(initiativeId: number, activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ActivityPatch) =>
      callApi(activitiesRoutes.update, { params: { initiativeId, activityId }, body }),
    onSuccess: (activity) => {
      queryClient.setQueryData(
        activitiesQueries.detail(initiativeId, activityId).queryKey,
        activity,
      );
      return updateList(queryClient, initiativeId, (list) =>
        list.map((other) => (other.id === activity.id ? summaryOf(activity) : other)),
      );
    },
  });
}

/** POST …/activity/:activityId/profile-picture (multipart field `file`). */
export function useUploadActivityPicture(initiativeId: number, activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return callApi(activitiesRoutes.uploadPicture, {
        params: { initiativeId, activityId },
        body,
      });
    },
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: activitiesQueries.detail(initiativeId, activityId).queryKey,
      }),
  });
}

/** DELETE …/activity/:activityId/profile-picture: the picture and its files. */
export function useRemoveActivityPicture(initiativeId: number, activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callApi(activitiesRoutes.removePicture, { params: { initiativeId, activityId } }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: activitiesQueries.detail(initiativeId, activityId).queryKey,
      }),
  });
}

/** DELETE …/activity/:activityId; the activity leaves the list (its page is being left). */
export function useDeleteActivity(initiativeId: number, activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(activitiesRoutes.remove, { params: { initiativeId, activityId } }),
    onSuccess: () =>
      updateList(queryClient, initiativeId, (list) =>
        list.filter((other) => other.id !== activityId),
      ),
  });
}

/** PATCH …/activity/:activityId/owners: replaces the activiteitnemers. */
export function useSetActivityOwners(initiativeId: number, activityId: number) {
  const queryClient = useQueryClient();
  const key = activitiesQueries.detail(initiativeId, activityId).queryKey;
  return useMutation({
    mutationFn: (userIds: number[]) =>
      callApi(activitiesRoutes.setOwners, {
        params: { initiativeId, activityId },
        body: { user_ids: userIds },
      }),
    onSuccess: ({ users }) => {
      queryClient.setQueryData(key, (old) => (old ? { ...old, activity_owners: users } : old));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: authKeys.all }),
      ]);
    },
  });
}
