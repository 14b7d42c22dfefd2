/**
 * The sandbox bank's catalogue: Dutch banks as Enable Banking lists them, with the habits that
 * matter to an importer, plus Enable Banking's own 'Mock ASPSP'.
 */

/** How a bank fills `entry_reference`. */
type ReferenceStyle =
  /** A long opaque id, the same for a pending row and its booking. */
  | 'opaque'
  /** A counter per account ('8123'); pending rows have none. */
  | 'counter'
  /** Opaque, but a pending row carries another reference than its booking (ING). */
  | 'pending-differs'
  /** `<booking date>.<position in the day>`, none on the day a row appears (Knab here). */
  | 'position-in-date'
  /** Just the position in the day: '1', '2', … */
  | 'position'
  /** The Mock ASPSP's five characters. */
  | 'short';

/** How a bank writes `remittance_information`. */
type TextStyle = 'abnamro' | 'rabobank' | 'ing' | 'plain' | 'mock';

export interface FakeBank {
  name: string;
  /** Countries it is listed in; a Dutch bank only in NL, the Mock ASPSP in several. */
  countries: readonly string[];
  bic: string | null;
  /** The four letters of its IBANs. */
  ibanCode: string;
  slug: string;
  initials: string;
  colour: string;
  maxConsentDays: 90 | 180;
  psuTypes: readonly ('personal' | 'business')[];
  beta: boolean;
  /** PSU headers the bank wants all of, or none. */
  requiredPsuHeaders: readonly string[];
  references: ReferenceStyle;
  text: TextStyle;
  /** Whether `transaction_id` is sent, and new on every retrieval as the API warns. */
  changingTransactionIds: boolean;
  /** `WRONG_TRANSACTIONS_PERIOD` detail: the earliest date, or only the bank's text. */
  periodDetail: 'date' | 'text';
  /** The bank's wording when its unattended allowance is used up. */
  rateLimitMessage: string;
  /** The bank's own accounts for the consent page: names of the holders. */
  holders: readonly string[];
}

const DAILY_LIMIT = 'Daily PSU not present consultation limit has been exceeded';
const CONSENT_LIMIT = '[HUB046] Allowed number of accesses exceeded for consent';

function bank(
  values: Omit<
    FakeBank,
    'countries' | 'beta' | 'requiredPsuHeaders' | 'changingTransactionIds' | 'periodDetail'
  > &
    Partial<FakeBank>,
): FakeBank {
  return {
    countries: ['NL'],
    beta: false,
    requiredPsuHeaders: [],
    changingTransactionIds: false,
    periodDetail: 'date',
    ...values,
  };
}

export const FAKE_BANKS: readonly FakeBank[] = [
  bank({
    name: 'ABN AMRO',
    bic: 'ABNANL2A',
    ibanCode: 'ABNA',
    slug: 'abn-amro',
    initials: 'AA',
    colour: '#00716b',
    maxConsentDays: 180,
    psuTypes: ['personal', 'business'],
    references: 'opaque',
    text: 'abnamro',
    rateLimitMessage: DAILY_LIMIT,
    holders: ['Stichting Buurtmoestuin De Wilg', 'Vereniging Dorpshuis Oost'],
  }),
  bank({
    name: 'Rabobank',
    bic: 'RABONL2U',
    ibanCode: 'RABO',
    slug: 'rabobank',
    initials: 'R',
    colour: '#000099',
    maxConsentDays: 180,
    psuTypes: ['personal', 'business'],
    references: 'counter',
    text: 'rabobank',
    rateLimitMessage: CONSENT_LIMIT,
    holders: ['Stichting Speeltuin Het Klimrek', 'Repair Café Noord'],
  }),
  bank({
    name: 'ING',
    bic: 'INGBNL2A',
    ibanCode: 'INGB',
    slug: 'ing',
    initials: 'ING',
    colour: '#ff6200',
    maxConsentDays: 90,
    psuTypes: ['personal', 'business'],
    requiredPsuHeaders: ['Psu-Ip-Address', 'Psu-User-Agent'],
    references: 'pending-differs',
    text: 'ing',
    changingTransactionIds: true,
    rateLimitMessage: DAILY_LIMIT,
    holders: ['Stichting Voedselbank West', 'Buurtvereniging De Linde'],
  }),
  bank({
    name: 'ASN Bank',
    bic: 'ASNBNL21',
    ibanCode: 'ASNB',
    slug: 'asn-bank',
    initials: 'ASN',
    colour: '#00805a',
    maxConsentDays: 180,
    psuTypes: ['personal'],
    references: 'opaque',
    text: 'plain',
    rateLimitMessage: DAILY_LIMIT,
    holders: ['Stichting Bijenweide'],
  }),
  bank({
    name: 'SNS Bank',
    bic: 'SNSBNL2A',
    ibanCode: 'SNSB',
    slug: 'sns-bank',
    initials: 'SNS',
    colour: '#5b2d86',
    maxConsentDays: 180,
    psuTypes: ['personal', 'business'],
    references: 'position',
    text: 'plain',
    rateLimitMessage: DAILY_LIMIT,
    holders: ['Stichting Kinderboerderij De Hoef'],
  }),
  bank({
    name: 'RegioBank',
    bic: 'RBRBNL21',
    ibanCode: 'RBRB',
    slug: 'regiobank',
    initials: 'RB',
    colour: '#e3001b',
    maxConsentDays: 180,
    psuTypes: ['personal'],
    references: 'opaque',
    text: 'plain',
    rateLimitMessage: DAILY_LIMIT,
    holders: ['Vereniging Dorpsbelang Ee'],
  }),
  bank({
    name: 'Triodos Bank',
    bic: 'TRIONL2U',
    ibanCode: 'TRIO',
    slug: 'triodos-bank',
    initials: 'T',
    colour: '#0d3b66',
    maxConsentDays: 90,
    psuTypes: ['personal', 'business'],
    references: 'opaque',
    text: 'plain',
    periodDetail: 'text',
    rateLimitMessage: DAILY_LIMIT,
    holders: ['Stichting Natuurtuin Zuid', 'Coöperatie Energie Samen'],
  }),
  bank({
    name: 'bunq',
    bic: 'BUNQNL2A',
    ibanCode: 'BUNQ',
    slug: 'bunq',
    initials: 'b',
    colour: '#2c9e5e',
    maxConsentDays: 90,
    psuTypes: ['personal', 'business'],
    references: 'opaque',
    text: 'plain',
    rateLimitMessage: DAILY_LIMIT,
    holders: ['Stichting Wijkfestival'],
  }),
  bank({
    name: 'Knab',
    bic: 'KNABNL2H',
    ibanCode: 'KNAB',
    slug: 'knab',
    initials: 'K',
    colour: '#0f2a44',
    maxConsentDays: 90,
    psuTypes: ['personal', 'business'],
    beta: true,
    references: 'position-in-date',
    text: 'plain',
    rateLimitMessage: DAILY_LIMIT,
    holders: ['Stichting Taalcafé'],
  }),
  bank({
    name: 'Mock ASPSP',
    countries: ['NL', 'BE', 'DE', 'FI', 'FR'],
    bic: null,
    ibanCode: 'MOCK',
    slug: 'mock-aspsp',
    initials: 'M',
    colour: '#6b7280',
    maxConsentDays: 180,
    psuTypes: ['personal', 'business'],
    references: 'short',
    text: 'mock',
    rateLimitMessage: DAILY_LIMIT,
    holders: ['Aino Virtanen'],
  }),
];

export function findBank(name: string, country: string): FakeBank | null {
  return FAKE_BANKS.find((b) => b.name === name && b.countries.includes(country)) ?? null;
}

/** The bank as `GET /aspsps` lists it; `base` is where the fake is served. */
export function aspspData(bank: FakeBank, country: string, base: string) {
  return {
    name: bank.name,
    country,
    logo: `${base}/brands/${bank.slug}.svg`,
    psu_types: bank.psuTypes,
    auth_methods: bank.psuTypes.map((psuType) => ({
      psu_type: psuType,
      approach: 'REDIRECT',
      hidden_method: false,
    })),
    maximum_consent_validity: bank.maxConsentDays * 86_400,
    beta: bank.beta,
    ...(bank.bic ? { bic: bank.bic } : {}),
    ...(bank.requiredPsuHeaders.length > 0
      ? { required_psu_headers: bank.requiredPsuHeaders }
      : {}),
  };
}

/** A small monogram in the bank's colour: no images of real brands in a test bank. */
export function logoSvg(bank: FakeBank): string {
  const size = bank.initials.length > 2 ? 20 : 26;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">',
    `<rect width="64" height="64" rx="12" fill="${bank.colour}"/>`,
    `<text x="32" y="41" text-anchor="middle" font-family="sans-serif" font-weight="700"`,
    ` font-size="${size}" fill="#ffffff">${bank.initials}</text>`,
    '</svg>',
  ].join('');
}
