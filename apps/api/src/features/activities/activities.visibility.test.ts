import type { Activity } from '@helder/shared/activities';
import { holds, SEEN_BY, visibilityMatrix } from '../../test/visibility';

visibilityMatrix([
  {
    read: 'GET …/activity/{id} of a public activity in the hidden initiative',
    seenBy: SEEN_BY.insidersOfHidden,
    reveals: async (s, as) =>
      (await s.read(
        `/initiative/${s.hiddenInitiative.id}/activity/${s.activityInHidden.id}`,
        as,
      )) !== null,
  },
  {
    read: 'GET …/activity/{id} of a hidden activity',
    seenBy: SEEN_BY.insidersOfOpen,
    reveals: async (s, as) =>
      (await s.read(`/initiative/${s.openInitiative.id}/activity/${s.hiddenActivity.id}`, as)) !==
      null,
  },
  {
    read: 'GET …/activity/{id} of a public activity',
    seenBy: SEEN_BY.everyone,
    reveals: async (s, as) =>
      (await s.read(
        `/initiative/${s.hiddenUsersInitiative.id}/activity/${s.hiddenUsersActivity.id}`,
        as,
      )) !== null,
  },
  {
    read: 'GET …/activity/{id} lists a hidden user among its owners',
    seenBy: SEEN_BY.hiddenUser,
    reveals: async (s, as) =>
      holds(
        (
          await s.read<Activity>(
            `/initiative/${s.hiddenUsersInitiative.id}/activity/${s.hiddenUsersActivity.id}`,
            as,
          )
        )?.activity_owners,
        s.hiddenUser.id,
      ),
  },
]);
