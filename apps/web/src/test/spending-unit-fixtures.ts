/** Response bodies for the initiatives, activities and media tests (shapes of @helder/shared). */
import type { Activity } from '@helder/shared/activities';
import type { Initiative, InitiativeListItem } from '@helder/shared/initiatives';

export function listItem(id: number, extra: Partial<InitiativeListItem> = {}): InitiativeListItem {
  return {
    id,
    name: `Initiatief ${id}`,
    owner: 'Stichting Buurt',
    hidden: false,
    budget: 1000,
    income: 500,
    expenses: -250,
    profile_picture: null,
    ...extra,
  };
}

export function initiative(extra: Partial<Initiative> = {}): Initiative {
  return {
    id: 3,
    name: 'Buurttuin Oost',
    description: 'Een moestuin voor de hele buurt.',
    purpose: 'Samen tuinieren',
    target_audience: 'Buurtbewoners',
    owner: 'Stichting Buurttuin',
    legal_entity: 'stichting',
    kvk_registration: '12345678',
    location: 'Amsterdam-Oost',
    hidden: false,
    sponsors_hidden: false,
    budget: 6500,
    income: 5250,
    expenses: -2987.85,
    profile_picture: null,
    grant: {
      id: 5,
      name: 'Buurtbudget Oost 2026',
      reference: 'AMS-2026-0142',
      budget: 48500,
      regulation: { id: 9, name: 'Buurtbudget' },
      funder: { id: 1, name: 'Gemeente Amsterdam' },
    },
    initiative_owners: [],
    activities: [
      { id: 21, name: 'Plantdag', budget: 1200, income: 0, expenses: -423.95, hidden: false },
      { id: 20, name: 'Oogstfeest', budget: 800, income: 0, expenses: 0, hidden: true },
    ],
    ...extra,
  };
}

export function activity(extra: Partial<Activity> = {}): Activity {
  return {
    id: 21,
    name: 'Plantdag',
    description: 'Samen planten we de eerste groenten.',
    purpose: 'Samen tuinieren',
    target_audience: 'Kinderen',
    budget: 1200,
    income: 0,
    expenses: -423.95,
    hidden: false,
    profile_picture: null,
    initiative: {
      id: 3,
      name: 'Buurttuin Oost',
      kvk_registration: '12345678',
      location: 'Amsterdam-Oost',
    },
    activity_owners: [],
    ...extra,
  };
}

export const picture = (name: string) => ({
  id: 1,
  attachment_url: `https://files.example/${name}.jpg?sig=1`,
  attachment_thumbnail_url_128: `https://files.example/${name}-128.webp?sig=1`,
  attachment_thumbnail_url_256: `https://files.example/${name}-256.webp?sig=1`,
  attachment_thumbnail_url_512: `https://files.example/${name}-512.webp?sig=1`,
});
