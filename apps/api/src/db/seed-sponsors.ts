import { eurosToCents } from '@helder/shared/money';
import type { OfficerRole } from '@helder/shared/regulations';
import { audit } from '../lib/audit';
import type { Tx } from './client';
import { funders, grantOverseers, grants, regulationOfficers, regulations } from './schema';

/**
 * Demo sponsors: two funders, three regulations, six grants, with the demo grant
 * officer, policy officer and penvoerder linked by their seed keys (see DEMO_USERS in seed.ts).
 */
interface DemoGrant {
  name: string;
  reference: string;
  budget: number;
  /** Seed keys of the overseers (penvoerders). */
  overseers: string[];
}
interface DemoRegulation {
  name: string;
  description: string;
  officers: Array<{ key: string; role: OfficerRole }>;
  grants: DemoGrant[];
  /** Its grants' expenses are reviewed by the funder (docs/api-rules.md §20; seed-reviews.ts). */
  reviewEnabled?: boolean;
}
interface DemoFunder {
  name: string;
  url: string;
  regulations: DemoRegulation[];
}

const DEMO_SPONSORS: DemoFunder[] = [
  {
    name: 'Gemeente Amsterdam',
    url: 'https://www.amsterdam.nl',
    regulations: [
      {
        name: 'Buurtbudget Noord',
        description:
          'Bewoners van Amsterdam-Noord bedenken zelf plannen voor hun buurt en beslissen mee ' +
          'over de besteding van het buurtbudget.\nDenk aan buurtfeesten, speelplekken, ' +
          'ontmoetingsplekken en activiteiten voor jong en oud.',
        officers: [
          { key: 'grantOfficer', role: 'grant officer' },
          { key: 'policyOfficer', role: 'policy officer' },
        ],
        grants: [
          {
            name: 'Buurtbudget Tuindorp Oostzaan 2026',
            reference: 'AMS-2026-0142',
            budget: 48_500,
            overseers: ['overseer'],
          },
          {
            name: 'Buurtbudget Banne Buiksloot 2026',
            reference: 'AMS-2026-0157',
            budget: 62_000,
            overseers: [],
          },
        ],
      },
      {
        name: 'Groen in de Wijk',
        description:
          'Subsidie voor bewonersinitiatieven die de buurt groener en koeler maken: ' +
          'geveltuinen, boomspiegels, buurtmoestuinen en het ontharden van pleinen en ' +
          'binnenterreinen.',
        reviewEnabled: true,
        officers: [
          { key: 'grantOfficer', role: 'grant officer' },
          { key: 'policyOfficer', role: 'policy officer' },
        ],
        grants: [
          {
            name: 'Geveltuinen Dapperbuurt',
            reference: 'AMS-2026-0211',
            budget: 12_750,
            overseers: ['overseer'],
          },
          {
            name: 'Buurtmoestuin Slotermeer',
            reference: 'AMS-2026-0234',
            budget: 27_500.5,
            overseers: [],
          },
        ],
      },
    ],
  },
  {
    name: 'Oranje Fonds',
    url: 'https://www.oranjefonds.nl',
    regulations: [
      {
        name: 'Sociale Basis',
        description:
          'Steun voor sociale initiatieven die mensen met elkaar verbinden en eenzaamheid ' +
          'tegengaan, zoals buurthuiskamers, samen-eten-projecten en maatjesprogramma’s.',
        officers: [{ key: 'policyOfficer', role: 'policy officer' }],
        grants: [
          {
            name: 'Samen aan Tafel Zuidoost',
            reference: 'OF-2026-0031',
            budget: 85_000,
            overseers: ['overseer'],
          },
          {
            name: 'Maatjesproject Nieuw-West',
            reference: 'OF-2026-0047',
            budget: 150_000,
            overseers: [],
          },
        ],
      },
    ],
  },
];

/** Inserts the demo sponsors inside the seed transaction; `userIds` maps seed keys to ids. */
export async function seedSponsors(tx: Tx, userIds: Record<string, number>) {
  const userId = (key: string) => {
    const id = userIds[key];
    if (id === undefined) throw new Error(`seed-sponsors: no demo user with key ${key}`);
    return id;
  };
  const created = (entityClass: 'Funder' | 'Regulation' | 'Grant', entityId: number) =>
    audit(tx, { actorId: null, entityClass, entityId, action: 'create' });

  for (const funder of DEMO_SPONSORS) {
    const [f] = await tx
      .insert(funders)
      .values({ name: funder.name, url: funder.url })
      .returning({ id: funders.id });
    await created('Funder', f!.id);
    for (const regulation of funder.regulations) {
      const [r] = await tx
        .insert(regulations)
        .values({
          funderId: f!.id,
          name: regulation.name,
          description: regulation.description,
          reviewEnabled: regulation.reviewEnabled ?? false,
        })
        .returning({ id: regulations.id });
      await created('Regulation', r!.id);
      await tx.insert(regulationOfficers).values(
        regulation.officers.map((o) => ({
          regulationId: r!.id,
          userId: userId(o.key),
          role: o.role,
        })),
      );
      for (const grant of regulation.grants) {
        const [g] = await tx
          .insert(grants)
          .values({
            regulationId: r!.id,
            name: grant.name,
            reference: grant.reference,
            budgetCents: eurosToCents(grant.budget),
          })
          .returning({ id: grants.id });
        await created('Grant', g!.id);
        if (grant.overseers.length > 0) {
          await tx
            .insert(grantOverseers)
            .values(grant.overseers.map((key) => ({ grantId: g!.id, userId: userId(key) })));
        }
      }
    }
  }
  return {
    funders: DEMO_SPONSORS.length,
    regulations: DEMO_SPONSORS.flatMap((f) => f.regulations).length,
    grants: DEMO_SPONSORS.flatMap((f) => f.regulations.flatMap((r) => r.grants)).length,
  };
}
