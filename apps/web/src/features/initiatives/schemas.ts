/**
 * The one initiative/activity form's rules (docs/spec-map.md §5), per mode:
 *
 * - create initiative: 'Vul een naam in', …; name at most 64 (the server's limit; the manage
 *   form's text 'Naam mag maximaal 64 tekens bevatten'), description at most 200, purpose and
 *   target audience at most 64; budget a valid amount within the grant's bounds;
 * - create activity: all five fields required; budget a number above 0 and at most 999 999
 *   ('Vul een geldig begrotingsbedrag in');
 * - manage (initiative and activity): 'Naam mag niet leeg zijn', 'Naam mag maximaal 64 tekens
 *   bevatten', description at most 512, purpose at most 64, target audience not empty.
 *
 * Only the fields the form shows are validated and sent. Messages are keys of the `initiatives`
 * namespace.
 */
import type { Initiative, initiativeBody, LegalEntity } from '@helder/shared/initiatives';
import {
  ADDRESS_MAX,
  DESCRIPTION_MAX,
  INITIATIVE_NAME_MAX,
  KVK_REGISTRATION_MAX,
  LEGAL_ENTITIES,
  LOCATION_MAX,
  OWNER_MAX,
  PURPOSE_MAX,
  TARGET_AUDIENCE_MAX,
} from '@helder/shared/initiatives/client';
import { hasAtMostTwoDecimals, MAX_BUDGET_EUROS, parseAmount } from '@helder/shared/money';
import { ACTIVITY_FIELDS, INITIATIVE_FIELDS } from '@helder/shared/permissions';
import { EMAIL_PATTERN } from '@helder/shared/users/client';
import { z } from 'zod';
import { formatAmountInput } from '../../lib/amount';
import type { Resources } from '../../lib/i18n';

export type SpendingUnitKind = 'initiative' | 'activity';
/** create: a new initiative (under a grant) or activity; manage: edit per edit-fields. */
export type SpendingUnitFormMode = 'create' | 'manage';

/**
 * The create initiative form limits its description to 200 characters (docs/spec-map.md §5,
 * docs/api-rules.md §9).
 */
const CREATE_DESCRIPTION_MAX = 200;

/**
 * Every field of an initiative and of an activity: the ones the server lets a manager edit. The
 * form shows them in its own order.
 */
export const INITIATIVE_FORM_FIELDS = INITIATIVE_FIELDS;
export type SpendingUnitField = (typeof INITIATIVE_FORM_FIELDS)[number];
export const ACTIVITY_FORM_FIELDS: readonly SpendingUnitField[] = ACTIVITY_FIELDS;

export function formFields(kind: SpendingUnitKind): readonly SpendingUnitField[] {
  return kind === 'initiative' ? INITIATIVE_FORM_FIELDS : ACTIVITY_FORM_FIELDS;
}

/** What the inputs hold (texts as typed, the budget as text, the flags as booleans). */
export interface SpendingUnitFormValues {
  name: string;
  description: string;
  purpose: string;
  target_audience: string;
  owner: string;
  owner_email: string;
  legal_entity: LegalEntity;
  address_applicant: string;
  kvk_registration: string;
  location: string;
  budget: string;
  hidden: boolean;
  hidden_sponsors: boolean;
}

/**
 * What the API receives: only the fields the form showed, as the create body has them once
 * parsed (optional texts null when empty). An activity's fields are a subset.
 */
export type SpendingUnitFormOutput = Partial<z.output<typeof initiativeBody>>;

type Validation = Resources['initiative-forms']['form']['validation'];
export type SpendingUnitMessageKey = `form.validation.${keyof Validation}`;
const message = (key: keyof Validation) => ({ message: `form.validation.${key}` });

interface TextRule {
  max: number;
  empty: keyof Validation;
  tooLong: keyof Validation;
}

/** The required texts' rules per mode and kind. */
export function textRules(mode: SpendingUnitFormMode, kind: SpendingUnitKind) {
  const create = mode === 'create';
  return {
    name: {
      max: INITIATIVE_NAME_MAX,
      empty: create ? 'nameRequired' : 'nameEmpty',
      tooLong: 'nameTooLong',
    },
    description: {
      max: create && kind === 'initiative' ? CREATE_DESCRIPTION_MAX : DESCRIPTION_MAX,
      empty: create ? 'descriptionRequired' : 'descriptionEmpty',
      tooLong: create && kind === 'initiative' ? 'descriptionTooLongCreate' : 'descriptionTooLong',
    },
    purpose: {
      max: PURPOSE_MAX,
      empty: create ? 'purposeRequired' : 'purposeEmpty',
      tooLong: 'purposeTooLong',
    },
    target_audience: {
      max: TARGET_AUDIENCE_MAX,
      empty: create ? 'targetAudienceRequired' : 'targetAudienceEmpty',
      tooLong: 'targetAudienceTooLong',
    },
  } satisfies Record<string, TextRule>;
}

const required = (rule: TextRule) =>
  z.string().trim().min(1, message(rule.empty)).max(rule.max, message(rule.tooLong));

/** Normalises Windows newlines like the server, so the length the user sees is the one checked. */
const requiredMultiline = (rule: TextRule) =>
  z
    .string()
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1, message(rule.empty)).max(rule.max, message(rule.tooLong)));

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'form.validation.textTooLong' })
    .transform((text) => (text === '' ? null : text));

/** The budget rules: the grant's messages for a new initiative, else one message. */
function budgetProblem(amount: number | null, detailed: boolean): keyof Validation | null {
  if (amount === null) return detailed ? 'budgetRequired' : 'budgetInvalid';
  if (Number.isNaN(amount) || !hasAtMostTwoDecimals(amount)) return 'budgetInvalid';
  if (amount < 0) return detailed ? 'budgetNegative' : 'budgetInvalid';
  if (amount === 0) return detailed ? 'budgetRequired' : 'budgetInvalid';
  if (amount > MAX_BUDGET_EUROS) return detailed ? 'budgetTooHigh' : 'budgetInvalid';
  return null;
}

const budget = (detailed: boolean) =>
  z.string().transform((text, ctx) => {
    const amount = parseAmount(text);
    const problem = budgetProblem(amount, detailed);
    if (problem !== null || amount === null) {
      ctx.addIssue({ code: 'custom', ...message(problem ?? 'budgetInvalid') });
      return z.NEVER;
    }
    return amount;
  });

/** The maximum length of an optional text field (for its counter and message). */
export const OPTIONAL_MAX: Partial<Record<SpendingUnitField, number>> = {
  owner: OWNER_MAX,
  address_applicant: ADDRESS_MAX,
  kvk_registration: KVK_REGISTRATION_MAX,
  location: LOCATION_MAX,
};

/** The schema of the fields the form shows, in this mode, for this kind. */
export function spendingUnitFormSchema(
  mode: SpendingUnitFormMode,
  kind: SpendingUnitKind,
  fields: readonly SpendingUnitField[],
) {
  const rules = textRules(mode, kind);
  const all = {
    name: required(rules.name),
    description: requiredMultiline(rules.description),
    purpose: required(rules.purpose),
    target_audience: required(rules.target_audience),
    owner: optional(OWNER_MAX),
    owner_email: z
      .string()
      .trim()
      .refine((text) => text === '' || EMAIL_PATTERN.test(text), message('emailInvalid'))
      .transform((text) => (text === '' ? null : text)),
    legal_entity: z.enum(LEGAL_ENTITIES),
    address_applicant: optional(ADDRESS_MAX),
    kvk_registration: optional(KVK_REGISTRATION_MAX),
    location: optional(LOCATION_MAX),
    budget: budget(mode === 'create' && kind === 'initiative'),
    hidden: z.boolean(),
    hidden_sponsors: z.boolean(),
  };
  const shape: Partial<Record<SpendingUnitField, z.ZodType>> = {};
  for (const field of fields) shape[field] = all[field];
  return z.object(shape) as unknown as z.ZodType<SpendingUnitFormOutput, SpendingUnitFormValues>;
}

export const EMPTY_FORM: SpendingUnitFormValues = {
  name: '',
  description: '',
  purpose: '',
  target_audience: '',
  owner: '',
  owner_email: '',
  legal_entity: 'stichting',
  address_applicant: '',
  kvk_registration: '',
  location: '',
  budget: '',
  hidden: false,
  hidden_sponsors: false,
};

/** An initiative's or activity's current values, as the API has them (activities lack the rest). */
export type SpendingUnitValuesSource = Pick<
  Initiative,
  'name' | 'description' | 'purpose' | 'target_audience' | 'budget' | 'hidden'
> &
  Partial<
    Pick<
      Initiative,
      | 'owner'
      | 'owner_email'
      | 'legal_entity'
      | 'address_applicant'
      | 'kvk_registration'
      | 'location'
      | 'hidden_sponsors'
    >
  >;

/** The form's starting values for an existing initiative or activity. */
export function toFormValues(source: SpendingUnitValuesSource): SpendingUnitFormValues {
  return {
    name: source.name,
    description: source.description,
    purpose: source.purpose,
    target_audience: source.target_audience,
    owner: source.owner ?? '',
    owner_email: source.owner_email ?? '',
    legal_entity: source.legal_entity ?? 'stichting',
    address_applicant: source.address_applicant ?? '',
    kvk_registration: source.kvk_registration ?? '',
    location: source.location ?? '',
    budget: formatAmountInput(source.budget),
    hidden: source.hidden,
    hidden_sponsors: source.hidden_sponsors ?? false,
  };
}

/** The fields of `values` that differ from `source` (a PATCH sends only those). */
export function changedValues(
  values: SpendingUnitFormOutput,
  source: SpendingUnitValuesSource,
): SpendingUnitFormOutput {
  const current: SpendingUnitFormOutput = {
    name: source.name,
    description: source.description,
    purpose: source.purpose,
    target_audience: source.target_audience,
    owner: source.owner ?? null,
    owner_email: source.owner_email ?? null,
    legal_entity: source.legal_entity ?? 'stichting',
    address_applicant: source.address_applicant ?? null,
    kvk_registration: source.kvk_registration ?? null,
    location: source.location ?? null,
    budget: source.budget,
    hidden: source.hidden,
    hidden_sponsors: source.hidden_sponsors ?? false,
  };
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== current[key as keyof SpendingUnitFormOutput]) changed[key] = value;
  }
  return changed;
}
