import type { Regulation } from '@helder/shared/regulations';
import { describe } from 'vitest';
import { holds, SEEN_BY, visibilityMatrix, type Read, type Scene } from '../../test/visibility';
import type { Caller } from '../../test/http';

/** The summary of one grant on the regulation page. */
const summary = async (s: Scene, as: Caller, grantId: number) =>
  (await s.read<Regulation>(s.sponsorPath, as))?.grants.find((g) => g.id === grantId);

const reads: Read[] = [
  {
    read: 'GET …/regulation/{id} counts the hidden initiative',
    seenBy: SEEN_BY.insidersOfHidden,
    reveals: async (s, as) => (await summary(s, as, s.grant.id))?.initiative_count === 1,
  },
  {
    read: 'GET …/regulation/{id} opens the hidden initiative first',
    seenBy: SEEN_BY.insidersOfHidden,
    reveals: async (s, as) =>
      (await summary(s, as, s.grant.id))?.first_initiative_id === s.hiddenInitiative.id,
  },
  {
    read: 'GET …/regulation/{id} counts the initiative with hidden sponsors',
    seenBy: SEEN_BY.insidersOfDiscreet,
    reveals: async (s, as) => (await summary(s, as, s.sponsorGrant.id))?.initiative_count === 2,
  },
  {
    read: 'GET …/regulation/{id} opens the initiative with hidden sponsors first',
    seenBy: SEEN_BY.insidersOfDiscreet,
    reveals: async (s, as) =>
      (await summary(s, as, s.sponsorGrant.id))?.first_initiative_id === s.discreetInitiative.id,
  },
  {
    read: 'GET …/regulation/{id} counts the income of the initiative with hidden sponsors',
    seenBy: SEEN_BY.insidersOfDiscreet,
    reveals: async (s, as) => (await summary(s, as, s.sponsorGrant.id))?.income === 7,
  },
  {
    read: 'GET …/regulation/{id} counts the money of the hidden initiative',
    seenBy: SEEN_BY.everyone,
    reveals: async (s, as) => (await summary(s, as, s.grant.id))?.income === 11,
  },
  {
    read: 'GET …/regulation/{id} lists a hidden user among its officers',
    seenBy: SEEN_BY.hiddenUser,
    reveals: async (s, as) =>
      holds(
        (await s.read<Regulation>(s.hiddenUsersRegulationPath, as))?.policy_officers,
        s.hiddenUser.id,
      ),
  },
];

describe('every read from the database', () => visibilityMatrix(reads));
// Callers read in turn on one server: the figures kept for one kind of reader (everyone's after
// an officer, the public's after a stranger) must never answer another.
describe('figures kept until a change', () =>
  visibilityMatrix(reads, { PUBLIC_CACHE_SECONDS: '30' }));
