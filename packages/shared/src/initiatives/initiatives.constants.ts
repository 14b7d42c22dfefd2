/**
 * Limits of initiatives and activities (docs/spec-map.md §5). The create form shows 65 for
 * the name; the server keeps 64 everywhere, like the manage forms.
 */
export const INITIATIVE_NAME_MAX = 64;
export const DESCRIPTION_MAX = 512;
export const PURPOSE_MAX = 64;
export const TARGET_AUDIENCE_MAX = 64;
export const OWNER_MAX = 128;
export const ADDRESS_MAX = 256;
export const KVK_REGISTRATION_MAX = 64;
export const LOCATION_MAX = 128;
export const NAME_FILTER_MAX = 128;
/** Dutch legal forms of the applicant; 'stichting' unless told otherwise (docs/spec-map.md §9). */
export const LEGAL_ENTITIES = [
  'stichting',
  'vereniging',
  'eenmanszaak',
  'vof',
  'bv',
  'cooperatie',
  'kerkgenootschap',
  'overig',
] as const;
export type LegalEntity = (typeof LEGAL_ENTITIES)[number];
