import type { Attachment } from '@helder/shared/media';
import { holds, SEEN_BY, visibilityMatrix, type Scene } from '../../test/visibility';
import type { Caller } from '../../test/http';

const media = async (s: Scene, as: Caller, url: string) =>
  (await s.read<{ attachments: Attachment[] }>(`${url}/media`, as))?.attachments;

visibilityMatrix([
  {
    read: 'GET /initiative/{id}/media of the hidden initiative',
    seenBy: SEEN_BY.insidersOfHidden,
    reveals: async (s, as) =>
      holds(await media(s, as, `/initiative/${s.hiddenInitiative.id}`), s.files.inHidden.id),
  },
  {
    read: 'GET …/activity/{id}/media of a public activity in the hidden initiative',
    seenBy: SEEN_BY.insidersOfHidden,
    reveals: async (s, as) =>
      holds(
        await media(
          s,
          as,
          `/initiative/${s.hiddenInitiative.id}/activity/${s.activityInHidden.id}`,
        ),
        s.files.inHidden.id,
      ),
  },
  {
    read: 'GET /initiative/{id}/media lists a public payment’s file',
    seenBy: SEEN_BY.everyone,
    reveals: async (s, as) =>
      holds(await media(s, as, `/initiative/${s.openInitiative.id}`), s.files.public.id),
  },
  {
    read: 'GET /initiative/{id}/media lists a hidden payment’s file',
    seenBy: SEEN_BY.insidersOfOpen,
    reveals: async (s, as) =>
      holds(await media(s, as, `/initiative/${s.openInitiative.id}`), s.files.hiddenPayment.id),
  },
  {
    read: 'GET /initiative/{id}/media lists a file of a hidden activity',
    seenBy: SEEN_BY.insidersOfOpen,
    reveals: async (s, as) =>
      holds(await media(s, as, `/initiative/${s.openInitiative.id}`), s.files.inHiddenActivity.id),
  },
  {
    read: 'GET …/activity/{id}/media of a hidden activity',
    seenBy: SEEN_BY.insidersOfOpen,
    reveals: async (s, as) =>
      holds(
        await media(s, as, `/initiative/${s.openInitiative.id}/activity/${s.hiddenActivity.id}`),
        s.files.inHiddenActivity.id,
      ),
  },
]);
