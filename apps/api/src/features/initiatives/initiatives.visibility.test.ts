import type { Initiative, InitiativeListItem } from '@helder/shared/initiatives';
import { holds, SEEN_BY, visibilityMatrix } from '../../test/visibility';

type Page = { initiatives: InitiativeListItem[] };

visibilityMatrix([
  {
    read: 'GET /initiatives lists the hidden initiative',
    seenBy: SEEN_BY.insidersOfHidden,
    reveals: async (s, as) =>
      holds((await s.read<Page>('/initiatives?limit=100', as))?.initiatives, s.hiddenInitiative.id),
  },
  {
    read: 'GET /initiatives lists the initiatives that are not hidden',
    seenBy: SEEN_BY.everyone,
    reveals: async (s, as) => {
      const page = (await s.read<Page>('/initiatives?limit=100', as))?.initiatives;
      return holds(page, s.openInitiative.id) && holds(page, s.discreetInitiative.id);
    },
  },
  {
    read: 'GET /initiatives shows the owner e-mail of a public initiative',
    seenBy: SEEN_BY.insidersOfOpen,
    reveals: async (s, as) =>
      (await s.read<Page>('/initiatives?limit=100', as))?.initiatives.find(
        (i) => i.id === s.openInitiative.id,
      )?.owner_email !== undefined,
  },
  {
    read: 'GET /initiatives?only_mine=true lists the hidden initiative',
    seenBy: SEEN_BY.mineOfHidden,
    reveals: async (s, as) =>
      holds(
        (await s.read<Page>('/initiatives?only_mine=true&limit=100', as))?.initiatives,
        s.hiddenInitiative.id,
      ),
  },
  {
    read: 'GET /initiative/{id} of the hidden initiative',
    seenBy: SEEN_BY.insidersOfHidden,
    reveals: async (s, as) => (await s.read(`/initiative/${s.hiddenInitiative.id}`, as)) !== null,
  },
  {
    read: 'GET /initiative/{id} lists its hidden activity',
    seenBy: SEEN_BY.insidersOfOpen,
    reveals: async (s, as) =>
      holds(
        (await s.read<Initiative>(`/initiative/${s.openInitiative.id}`, as))?.activities,
        s.hiddenActivity.id,
      ),
  },
  {
    read: 'GET /initiative/{id} shows the owner e-mail or address of a public initiative',
    seenBy: SEEN_BY.insidersOfOpen,
    reveals: async (s, as) => {
      const body = await s.read<Initiative>(`/initiative/${s.openInitiative.id}`, as);
      return body?.owner_email !== undefined || body?.address_applicant !== undefined;
    },
  },
  {
    read: 'GET /initiative/{id} with hidden sponsors',
    seenBy: SEEN_BY.everyone,
    reveals: async (s, as) => (await s.read(`/initiative/${s.discreetInitiative.id}`, as)) !== null,
  },
  {
    read: 'GET /initiative/{id} with hidden sponsors shows its grant',
    seenBy: SEEN_BY.insidersOfDiscreet,
    reveals: async (s, as) => {
      const body = await s.read<Initiative>(`/initiative/${s.discreetInitiative.id}`, as);
      return body?.grant?.id === s.sponsorGrant.id && !body.sponsors_hidden;
    },
  },
  {
    read: 'GET /initiative/{id} with hidden sponsors shows the hidden_sponsors flag',
    seenBy: SEEN_BY.insidersOfDiscreet,
    reveals: async (s, as) =>
      (await s.read<Initiative>(`/initiative/${s.discreetInitiative.id}`, as))?.hidden_sponsors ===
      true,
  },
  {
    read: 'GET /initiative/{id} lists a hidden user among its owners',
    seenBy: SEEN_BY.hiddenUser,
    reveals: async (s, as) =>
      holds(
        (await s.read<Initiative>(`/initiative/${s.hiddenUsersInitiative.id}`, as))
          ?.initiative_owners,
        s.hiddenUser.id,
      ),
  },
]);
