import type { User } from '@helder/shared/users';
import { holds, SEEN_BY, visibilityMatrix } from '../../test/visibility';

type Page = { users: User[] };
const listed = (page: Page | null, id: number) => page?.users.find((u) => u.id === id);

visibilityMatrix([
  {
    read: "GET /user/{id} (public profile) lists the owner's hidden initiative",
    seenBy: SEEN_BY.insidersOfHidden,
    reveals: async (s, as) =>
      holds(
        (await s.read<User>(`/user/${s.cast.owner.user.id}`, as))?.initiatives,
        s.hiddenInitiative.id,
      ),
  },
  {
    read: 'GET /user/{id} lists an activity of the hidden initiative',
    seenBy: SEEN_BY.insidersOfHidden,
    reveals: async (s, as) =>
      holds(
        (await s.read<User>(`/user/${s.cast.activityOwner.user.id}`, as))?.activities,
        s.activityInHidden.id,
      ),
  },
  {
    read: 'GET /user/{id} lists a hidden activity',
    seenBy: SEEN_BY.insidersOfOpen,
    reveals: async (s, as) =>
      holds(
        (await s.read<User>(`/user/${s.cast.activityOwner.user.id}`, as))?.activities,
        s.hiddenActivity.id,
      ),
  },
  {
    read: "GET /users lists the owner's hidden initiative",
    seenBy: SEEN_BY.insidersOfHidden,
    reveals: async (s, as) =>
      holds(
        listed(await s.read<Page>('/users?limit=100', as), s.cast.owner.user.id)?.initiatives,
        s.hiddenInitiative.id,
      ),
  },
  {
    read: 'GET /users lists an activity of the hidden initiative',
    seenBy: SEEN_BY.insidersOfHidden,
    reveals: async (s, as) =>
      holds(
        listed(await s.read<Page>('/users?limit=100', as), s.cast.activityOwner.user.id)
          ?.activities,
        s.activityInHidden.id,
      ),
  },
  {
    read: 'GET /users lists a hidden user',
    seenBy: SEEN_BY.hiddenUser,
    reveals: async (s, as) =>
      listed(await s.read<Page>('/users?limit=100', as), s.hiddenUser.id) !== undefined,
  },
  {
    read: 'GET /user/{id} of a hidden user',
    seenBy: SEEN_BY.hiddenUser,
    reveals: async (s, as) => (await s.read(`/user/${s.hiddenUser.id}`, as)) !== null,
  },
  {
    read: 'GET /user/{id} of a user who is not hidden',
    seenBy: SEEN_BY.everyone,
    reveals: async (s, as) => (await s.read(`/user/${s.cast.owner.user.id}`, as)) !== null,
  },
]);
