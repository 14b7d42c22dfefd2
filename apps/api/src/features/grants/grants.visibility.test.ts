import type { Grant } from '@helder/shared/grants';
import { holds, SEEN_BY, visibilityMatrix, type Scene } from '../../test/visibility';
import type { Caller } from '../../test/http';

const grant = (s: Scene, as: Caller, id: number) =>
  s.read<Grant>(`${s.sponsorPath}/grant/${id}`, as);

visibilityMatrix([
  {
    read: 'GET …/grant/{id} lists the hidden initiative',
    seenBy: SEEN_BY.insidersOfHidden,
    reveals: async (s, as) =>
      holds((await grant(s, as, s.grant.id))?.initiatives, s.hiddenInitiative.id),
  },
  {
    read: 'GET …/grant/{id} lists the initiative with hidden sponsors',
    seenBy: SEEN_BY.insidersOfDiscreet,
    reveals: async (s, as) =>
      holds((await grant(s, as, s.sponsorGrant.id))?.initiatives, s.discreetInitiative.id),
  },
  {
    read: 'GET …/grant/{id} lists a public initiative',
    seenBy: SEEN_BY.everyone,
    reveals: async (s, as) =>
      holds((await grant(s, as, s.sponsorGrant.id))?.initiatives, s.openInitiative.id),
  },
  {
    // 7 € income of the initiative with hidden sponsors; the other initiative has none.
    read: 'GET …/grant/{id} counts the income of the initiative with hidden sponsors',
    seenBy: SEEN_BY.insidersOfDiscreet,
    reveals: async (s, as) => (await grant(s, as, s.sponsorGrant.id))?.income === 7,
  },
  {
    // Hidden payments and initiatives count in totals (docs/api-rules.md §8): only the sponsor link
    // hides money.
    read: 'GET …/grant/{id} counts the money of the hidden initiative',
    seenBy: SEEN_BY.everyone,
    reveals: async (s, as) => (await grant(s, as, s.grant.id))?.income === 11,
  },
  {
    read: 'GET …/grants lists the initiative with hidden sponsors',
    seenBy: SEEN_BY.insidersOfDiscreet,
    reveals: async (s, as) => {
      const list = await s.read<{ grants: Grant[] }>(`${s.sponsorPath}/grants`, as);
      const sponsorGrant = list?.grants.find((g) => g.id === s.sponsorGrant.id);
      return holds(sponsorGrant?.initiatives, s.discreetInitiative.id);
    },
  },
  {
    read: 'GET …/grant/{id} lists a hidden user among its overseers',
    seenBy: SEEN_BY.hiddenUser,
    reveals: async (s, as) =>
      holds(
        (await s.read<Grant>(`${s.hiddenUsersRegulationPath}/grant/${s.hiddenUsersGrant.id}`, as))
          ?.overseers,
        s.hiddenUser.id,
      ),
  },
]);
