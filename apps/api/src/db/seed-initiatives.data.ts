import type { LegalEntity } from '@helder/shared/initiatives';

/**
 * The demo initiatives of seed-initiatives.ts: Dutch neighbourhood initiatives under the six
 * demo grants (by reference), owners by the seed keys of DEMO_USERS in seed.ts, money in euros.
 */

/** A cost: short description, creditor, euros; `true` marks a hidden payment. */
export type Cost = [string, string, number, boolean?];
interface DemoActivity {
  name: string;
  text: string;
  budget: number;
  owners?: string[];
  hidden?: boolean;
  costs: Cost[];
}
export interface DemoInitiative {
  grant: string;
  name: string;
  text: string;
  purpose: string;
  audience: string;
  org: string;
  legal?: LegalEntity;
  street: string;
  location: string;
  budget: number;
  owners: string[];
  hidden?: boolean;
  hiddenSponsors?: boolean;
  /** Tranches received from the grant, in euros. */
  income: number[];
  costs: Cost[];
  activities: DemoActivity[];
}

export const DEMO_INITIATIVES: DemoInitiative[] = [
  {
    grant: 'AMS-2026-0142',
    name: 'Buurtfeest Tuindorp Oostzaan',
    text: 'Een zomers buurtfeest op het Zonneplein waar oude en nieuwe bewoners elkaar ontmoeten, met muziek, spelletjes en een lange tafel vol eten.',
    purpose: 'Ontmoeting tussen buren',
    audience: 'Alle bewoners van Tuindorp Oostzaan',
    org: 'Bewonersvereniging Tuindorp',
    legal: 'vereniging',
    street: 'Zonneplein 4, 1033 Amsterdam',
    location: 'Tuindorp Oostzaan',
    budget: 6500,
    owners: ['initiativeOwner'],
    income: [3250, 2000],
    costs: [
      ['Drukwerk flyers', 'Drukkerij Noord', 185.4],
      ['Vergunning evenement', 'Gemeente Amsterdam', 96],
    ],
    activities: [
      {
        name: 'Springkussen en kinderspelen',
        text: 'Een middag vol spelletjes voor de kinderen uit de buurt.',
        budget: 1200,
        owners: ['userEmma'],
        costs: [
          ['Huur springkussen', 'Springkussenverhuur Amsterdam', 345],
          ['Prijsjes en schmink', 'Action Buikslotermeerplein', 78.95],
        ],
      },
      {
        name: 'Muziek op het plein',
        text: 'Lokale bandjes en een dj op het podium.',
        budget: 1800,
        costs: [
          ['Geluidsinstallatie', 'Verhuur Geluid & Licht', 650],
          ['Optreden buurtband', 'De Noorderlingen', 250],
        ],
      },
      {
        name: 'Buurtbarbecue',
        text: 'Samen koken en eten aan een lange tafel.',
        budget: 2100,
        owners: ['activityOwner'],
        costs: [
          ['Catering buurtfeest', 'Slagerij Van Dam', 812.5],
          ['Huur partytenten', 'Partyverhuur Noord', 420],
          ['Vergoeding vrijwilligers', 'Vrijwilligers buurtfeest', 150, true],
        ],
      },
    ],
  },
  {
    grant: 'AMS-2026-0142',
    name: 'Speeltuin De Zonnebloem opknappen',
    text: 'Bewoners knappen samen de verwaarloosde speeltuin op: nieuwe verf, een nieuwe zandbak en bankjes voor de ouders.',
    purpose: 'Veilig buitenspelen',
    audience: 'Kinderen en ouders',
    org: 'Speeltuinvereniging De Zonnebloem',
    legal: 'vereniging',
    street: 'Zonnebloemstraat 12, 1033 Amsterdam',
    location: 'Tuindorp Oostzaan',
    budget: 12000,
    owners: ['initiativeOwner', 'userEmma'],
    income: [6000],
    costs: [['Keuring speeltoestellen', 'Speelkeur BV', 395]],
    activities: [
      {
        name: 'Verfmiddag met vrijwilligers',
        text: 'Hekken, bankjes en klimrek in nieuwe kleuren.',
        budget: 1500,
        costs: [
          ['Verf en kwasten', 'Gamma Amsterdam-Noord', 287.63],
          ['Koffie en lunch vrijwilligers', 'Albert Heijn Waddenweg', 64.2],
        ],
      },
      {
        name: 'Nieuwe zandbak',
        text: 'Een grotere zandbak met een afdekzeil.',
        budget: 4200,
        costs: [
          ['Speelzand en randen', 'Bouwmaterialen Noord', 1180],
          ['Afdekzeil op maat', 'Zeilmakerij Amsterdam', 365],
        ],
      },
    ],
  },
  {
    grant: 'AMS-2026-0142',
    name: 'Repair Café Oostzaan',
    text: 'Elke eerste zaterdag van de maand repareren vrijwilligers samen met bewoners kapotte spullen in plaats van ze weg te gooien.',
    purpose: 'Minder afval, meer contact',
    audience: 'Bewoners met kapotte spullen',
    org: 'Stichting Repair Café Oostzaan',
    street: 'Meteorenweg 280, 1032 Amsterdam',
    location: 'Oostzanerwerf',
    budget: 3800,
    owners: ['userBram'],
    income: [1900],
    costs: [
      ['Huur buurthuis', 'Buurthuis De Meeuw', 240],
      ['Huur buurthuis', 'Buurthuis De Meeuw', 240],
    ],
    activities: [
      {
        name: 'Maandelijkse reparatiemiddag',
        text: 'Fietsen, lampen en kleding weer als nieuw.',
        budget: 1600,
        owners: ['userBram'],
        costs: [
          ['Gereedschap', 'Praxis Amsterdam-Noord', 219.99],
          ['Soldeerbenodigdheden', 'Conrad', 48.5],
        ],
      },
      {
        name: 'Naaiatelier',
        text: 'Kleding herstellen met naaimachines.',
        budget: 900,
        costs: [['Naaimachine tweedehands', 'Kringloop Noord', 85]],
      },
    ],
  },
  {
    grant: 'AMS-2026-0157',
    name: 'Jongerenvoetbal Banne',
    text: 'Straatvoetbal voor jongeren uit Banne Buiksloot, met toernooien en een zomertraining onder begeleiding van jongerenwerkers.',
    purpose: 'Sport en binding',
    audience: 'Jongeren van 10 tot 18 jaar',
    org: 'Stichting Sport in de Banne',
    street: 'Beemsterstraat 1, 1024 Amsterdam',
    location: 'Banne Buiksloot',
    budget: 8000,
    owners: ['userMilan'],
    income: [4000, 2000],
    costs: [['Verzekering activiteiten', 'Verzekeraar Noord', 132.5]],
    activities: [
      {
        name: 'Straatvoetbaltoernooi',
        text: 'Teams uit de hele wijk strijden om de wisselbeker.',
        budget: 2200,
        owners: ['userMilan'],
        costs: [
          ['Wisselbeker en medailles', 'Prijzenhuis Amsterdam', 189.5],
          ['Catering toernooi', 'Snackbar De Banne', 310],
        ],
      },
      {
        name: 'Trainingskamp zomer',
        text: 'Een week trainen in de zomervakantie.',
        budget: 3000,
        costs: [
          ['Trainer zomerkamp', 'Sportbedrijf Noord', 950],
          ['Vergoeding begeleiders', 'Jongerenwerk Noord', 300, true],
        ],
      },
      {
        name: 'Nieuwe ballen en doeltjes',
        text: 'Materiaal dat de jongeren zelf beheren.',
        budget: 800,
        costs: [['Sportmateriaal', 'Decathlon Amsterdam', 412.85]],
      },
    ],
  },
  {
    grant: 'AMS-2026-0157',
    name: 'Buurtkamer De Banne',
    text: 'Een huiskamer in de wijk waar iedereen binnen kan lopen voor koffie, een praatje of hulp bij formulieren.',
    purpose: 'Eenzaamheid tegengaan',
    audience: 'Ouderen en alleenstaanden',
    org: 'Stichting Buurtkamer Noord',
    street: 'Ilperveldstraat 60, 1024 Amsterdam',
    location: 'Banne Buiksloot',
    budget: 15000,
    owners: ['initiativeOwner'],
    hiddenSponsors: true,
    income: [7500],
    costs: [
      ['Huur ruimte', 'Ymere', 1250],
      ['Huur ruimte', 'Ymere', 1250],
      ['Inrichting buurtkamer', 'IKEA Amsterdam', 689.7],
    ],
    activities: [
      {
        name: 'Koffieochtenden',
        text: 'Elke dinsdag en donderdag koffie met wat lekkers.',
        budget: 1800,
        owners: ['userLotte'],
        costs: [
          ['Koffie en thee', 'Makro Amsterdam', 156.3],
          ['Koek en fruit', 'Albert Heijn Buikslotermeerplein', 92.4],
        ],
      },
      {
        name: 'Taalcafé',
        text: 'Nederlands oefenen in een ontspannen sfeer.',
        budget: 1400,
        costs: [['Lesmateriaal', 'Bruna Noord', 74.85]],
      },
    ],
  },
  {
    grant: 'AMS-2026-0211',
    name: 'Geveltuinen Dapperstraat',
    text: 'Bewoners van de Dapperstraat vervangen tegels door geveltuinen en zorgen samen voor het onderhoud.',
    purpose: 'Een groenere, koelere straat',
    audience: 'Bewoners van de Dapperbuurt',
    org: 'Bewonerscommissie Dapperstraat',
    legal: 'vereniging',
    street: 'Dapperstraat 40, 1093 Amsterdam',
    location: 'Dapperbuurt',
    budget: 4500,
    owners: ['initiativeOwner'],
    income: [2250, 1000],
    costs: [['Afvoer tegels', 'Afvalpunt Oost', 65]],
    activities: [
      {
        name: 'Plantdag',
        text: 'Op één zaterdag de hele straat in het groen.',
        budget: 2400,
        owners: ['activityOwner'],
        costs: [
          ['Plantgoed', 'Tuincentrum Osdorp', 864.2],
          ['Potgrond en compost', 'Tuincentrum Osdorp', 212.4],
          ['Huur steekkarren', 'Verhuurcentrum Oost', 45],
        ],
      },
      {
        name: 'Onderhoudsworkshop',
        text: 'Hoe houd je een geveltuin mooi?',
        budget: 600,
        costs: [['Workshop hovenier', 'Groen Doen Hoveniers', 175]],
      },
    ],
  },
  {
    grant: 'AMS-2026-0211',
    name: 'Boomspiegels Wagenaarstraat',
    text: 'Plannen voor beplante boomspiegels in de Wagenaarstraat; nog in voorbereiding met het stadsdeel.',
    purpose: 'Meer groen en biodiversiteit',
    audience: 'Bewoners van de Wagenaarstraat',
    org: 'Werkgroep Wagenaarstraat',
    legal: 'overig',
    street: 'Wagenaarstraat 101, 1093 Amsterdam',
    location: 'Dapperbuurt',
    budget: 2750,
    owners: ['userYara'],
    hidden: true,
    income: [1000],
    costs: [],
    activities: [
      {
        name: 'Ontwerp boomspiegels',
        text: 'Samen met bewoners een ontwerp maken.',
        budget: 500,
        costs: [['Ontwerpsessie landschapsarchitect', 'Studio Stadsgroen', 240]],
      },
      {
        name: 'Aanleg eerste spiegels',
        text: 'Tien boomspiegels beplanten.',
        budget: 1500,
        costs: [],
      },
    ],
  },
  {
    grant: 'AMS-2026-0234',
    name: 'Buurtmoestuin Slotermeer',
    text: 'Op een braakliggend veldje aan de Sloterplas groeit een moestuin waar buren samen zaaien, wieden en oogsten.',
    purpose: 'Samen tuinieren en gezond eten',
    audience: 'Gezinnen en ouderen uit Slotermeer',
    org: 'Stichting Groen Slotermeer',
    street: 'Slotermeerlaan 103, 1063 Amsterdam',
    location: 'Slotermeer',
    budget: 18000,
    owners: ['initiativeOwner', 'userLotte'],
    income: [9000, 4500],
    costs: [
      ['Waterpunt aanleggen', 'Waternet', 1450],
      ['Hekwerk moestuin', 'Hekwerk Amsterdam', 2375.5],
    ],
    activities: [
      {
        name: 'Moestuinlessen voor kinderen',
        text: 'Basisschoolkinderen leren zaaien en oogsten.',
        budget: 2500,
        owners: ['activityOwner'],
        costs: [
          ['Zaden en plantjes', 'De Bolster', 168.75],
          ['Kindergereedschap', 'Intratuin Amsterdam', 239],
        ],
      },
      {
        name: 'Oogstfeest',
        text: 'Met de hele buurt de oogst vieren.',
        budget: 1800,
        costs: [
          ['Catering oogstfeest', 'Eetcafé De Plas', 540],
          ['Muziek oogstfeest', 'Duo Zomerwind', 200],
        ],
      },
      {
        name: 'Kas bouwen',
        text: 'Een tunnelkas voor de wintergroenten.',
        budget: 3500,
        costs: [
          ['Tunnelkas bouwpakket', 'Kassenbouw Westland', 1895],
          ['Bevestigingsmateriaal', 'Hornbach Amsterdam', 143.8],
        ],
      },
      {
        name: 'Compostproject',
        text: 'Groenafval van de buurt wordt compost.',
        budget: 900,
        hidden: true,
        costs: [['Compostbakken', 'Intratuin Amsterdam', 318]],
      },
    ],
  },
  {
    grant: 'OF-2026-0031',
    name: 'Samen aan Tafel Bijlmer',
    text: 'Elke week koken buurtbewoners voor elkaar: een warme maaltijd en een goed gesprek voor wie dat kan gebruiken.',
    purpose: 'Samen eten, minder eenzaamheid',
    audience: 'Buurtbewoners in Zuidoost',
    org: 'Stichting Samen aan Tafel',
    street: 'Bijlmerplein 888, 1102 Amsterdam',
    location: 'Bijlmer-Centrum',
    budget: 22000,
    owners: ['userLotte'],
    income: [11000, 5500],
    costs: [
      ['Huur buurthuis', 'Buurthuis Bijlmerdreef', 800],
      ['Hygiënecursus vrijwilligers', 'Voedselveiligheid Academie', 390],
    ],
    activities: [
      {
        name: 'Kookworkshops',
        text: 'Recepten uit alle windstreken, samen bereid.',
        budget: 3200,
        owners: ['activityOwner'],
        costs: [
          ['Boodschappen kookworkshop', 'Albert Heijn Bijlmerplein', 286.45],
          ['Boodschappen kookworkshop', 'Toko Bijlmer', 143.1],
          ['Keukenmateriaal', 'HEMA Bijlmerplein', 96.5],
        ],
      },
      {
        name: 'Wekelijkse buurtmaaltijd',
        text: 'Elke woensdag een driegangenmenu voor vijf euro.',
        budget: 6500,
        owners: ['activityOwner', 'userSem'],
        costs: [
          ['Boodschappen buurtmaaltijd', 'Hanos Amsterdam', 1240.8],
          ['Boodschappen buurtmaaltijd', 'Hanos Amsterdam', 986.3],
          ['Vergoeding kok', 'Kok aan Huis', 450, true],
        ],
      },
      {
        name: 'Kerstdiner',
        text: 'Een feestelijk diner voor wie de kerst alleen zou doorbrengen.',
        budget: 2000,
        costs: [],
      },
    ],
  },
  {
    grant: 'OF-2026-0031',
    name: 'Kookclub Gaasperdam',
    text: 'Een kookclub voor jongeren in Gaasperdam, nog in de opstartfase.',
    purpose: 'Koken leren en samen eten',
    audience: 'Jongeren uit Gaasperdam',
    org: 'Jongerenkookclub Gaasperdam',
    legal: 'eenmanszaak',
    street: 'Gaasperdammerweg 2, 1108 Amsterdam',
    location: 'Gaasperdam',
    budget: 9500,
    owners: ['userSem'],
    hidden: true,
    income: [2500],
    costs: [['Inrichting keuken', 'Keukencentrum Zuidoost', 780]],
    activities: [
      {
        name: 'Proefavond',
        text: 'Kennismaken met de kookclub.',
        budget: 400,
        costs: [['Boodschappen proefavond', 'Lidl Gaasperdam', 87.6]],
      },
      { name: 'Kookcursus', text: 'Acht lessen basiskoken.', budget: 2400, costs: [] },
    ],
  },
  {
    grant: 'OF-2026-0047',
    name: 'Maatjes voor nieuwkomers',
    text: 'Buurtbewoners worden maatje van een nieuwkomer en helpen bij de taal, de buurt en de eerste stappen naar werk.',
    purpose: 'Nieuwkomers thuis laten voelen',
    audience: 'Nieuwkomers en buurtbewoners in Nieuw-West',
    org: 'Stichting Maatjes Nieuw-West',
    street: 'Osdorpplein 500, 1068 Amsterdam',
    location: 'Osdorp',
    budget: 35000,
    owners: ['userEmma'],
    income: [17500, 8750],
    costs: [
      ['Coördinatie maatjesproject', 'Welzijn Nieuw-West', 4200],
      ['Verklaringen omtrent gedrag', 'Justis', 248],
    ],
    activities: [
      {
        name: 'Koppelavonden',
        text: 'Maatjes en nieuwkomers leren elkaar kennen.',
        budget: 2400,
        owners: ['userEmma'],
        costs: [
          ['Zaalhuur koppelavond', 'Buurthuis Osdorp', 175],
          ['Hapjes en drankjes', 'Dirk Osdorpplein', 118.6],
        ],
      },
      {
        name: 'Uitjes met maatjes',
        text: 'Samen de stad ontdekken.',
        budget: 4500,
        owners: ['activityOwner'],
        costs: [
          ['Bus huren uitje', 'Touringcar Amsterdam', 695],
          ['Entree Rijksmuseum', 'Rijksmuseum', 412.5],
        ],
      },
      {
        name: 'Training vrijwilligers',
        text: 'Een training over taal en cultuur.',
        budget: 3000,
        costs: [['Trainer interculturele communicatie', 'Bureau Brug', 1150]],
      },
    ],
  },
  {
    grant: 'OF-2026-0047',
    name: 'Muurschildering Nieuw-West',
    text: 'Kinderen ontwerpen samen met een kunstenaar een muurschildering op de blinde gevel aan het Lambertus Zijlplein.',
    purpose: 'Trots op de eigen wijk',
    audience: 'Kinderen uit Geuzenveld',
    org: 'Atelier Yara Koster',
    legal: 'eenmanszaak',
    street: 'Lambertus Zijlplein 9, 1067 Amsterdam',
    location: 'Geuzenveld',
    budget: 7200,
    owners: ['userYara'],
    income: [3600, 1800],
    costs: [['Hoogwerker huren', 'Hoogwerkerverhuur West', 485]],
    activities: [
      {
        name: 'Ontwerpsessies met kinderen',
        text: 'Tekenen en kiezen wat er op de muur komt.',
        budget: 1200,
        owners: ['userYara'],
        costs: [['Tekenmateriaal', 'Van Beek Kunstenaarsbenodigdheden', 142.35]],
      },
      {
        name: 'Schilderweekend',
        text: 'Twee dagen schilderen met de hele buurt.',
        budget: 3200,
        owners: ['userYara', 'activityOwner'],
        costs: [
          ['Muurverf', 'Sikkens Verfcentrum', 968.4],
          ['Kwasten en rollers', 'Gamma Osdorp', 134.7],
          ['Lunch schilders', 'Bakkerij Geuzenveld', 86],
        ],
      },
    ],
  },
];
