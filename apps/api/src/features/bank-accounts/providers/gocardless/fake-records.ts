import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fieldError, one, type ErrorAnswer, type Query } from './fake-errors';
import { findInstitution, type FakeInstitution } from './fake-institutions';
import type { Agreement, FakeState, Requisition } from './fake-state';

/**
 * The GoCardless fake's records as the real service writes them, and the checks a new agreement
 * or requisition passes, with the real service's field-keyed errors.
 */

export function asObject(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** A body value as text, for lookups and messages; what is missing is empty. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** A moment as the service writes it, or null. */
export const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

export function institutionBody(i: FakeInstitution, origin: string) {
  return {
    id: i.id,
    name: i.name,
    bic: i.bic,
    transaction_total_days: String(i.transactionTotalDays),
    max_access_valid_for_days: String(i.maxAccessDays),
    countries: i.countries,
    logo: `${origin}/logos/${i.id}.svg`,
  };
}

export function agreementBody(a: Agreement) {
  return {
    id: a.id,
    created: iso(a.created),
    institution_id: a.institution_id,
    max_historical_days: a.max_historical_days,
    access_valid_for_days: a.access_valid_for_days,
    access_scope: a.access_scope,
    accepted: iso(a.accepted),
    reconfirmation: false,
  };
}

export function requisitionBody(r: Requisition) {
  return {
    id: r.id,
    created: iso(r.created),
    redirect: r.redirect,
    status: r.status,
    institution_id: r.institution_id,
    agreement: r.agreement,
    reference: r.reference,
    accounts: r.accounts,
    user_language: r.user_language,
    link: r.link,
    ssn: null,
    account_selection: false,
    redirect_immediate: false,
  };
}

/** A page of a list as the real service pages it: `limit`/`offset`, `next`/`previous` URLs. */
export function page<T>(items: T[], request: FastifyRequest<{ Querystring: Query }>, url: string) {
  const limit = Math.max(1, Number(one(request.query.limit)) || 100);
  const offset = Math.max(0, Number(one(request.query.offset)) || 0);
  const at = (o: number) => `${url}?limit=${limit}&offset=${o}`;
  return {
    count: items.length,
    next: offset + limit < items.length ? at(offset + limit) : null,
    previous: offset > 0 ? at(Math.max(0, offset - limit)) : null,
    results: items.slice(offset, offset + limit),
  };
}

const SCOPES = ['balances', 'details', 'transactions'];

function wholeDays(value: unknown, fallback: number): number | null {
  if (value === undefined) return fallback;
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

type Made<T> = { value: T } | { error: ErrorAnswer };

const failed = (...args: Parameters<typeof fieldError>): { error: ErrorAnswer } => ({
  error: fieldError(...args),
});

/** Validates an agreement's body: the new agreement, or the first field error. */
export function newAgreement(state: FakeState, body: Record<string, unknown>): Made<Agreement> {
  const institution = findInstitution(text(body.institution_id));
  if (!institution) {
    return failed(
      'institution_id',
      `Unknown Institution ID ${text(body.institution_id)}`,
      'Get Institution IDs from /institutions/?country={$COUNTRY_CODE}',
    );
  }
  const history = wholeDays(body.max_historical_days, 90);
  const maxHistory = institution.transactionTotalDays;
  if (history === null || history < 1 || history > maxHistory) {
    return failed(
      'max_historical_days',
      'Incorrect max_historical_days',
      `max_historical_days must be > 0 and <= ${maxHistory} for ${institution.id}`,
    );
  }
  const access = wholeDays(body.access_valid_for_days, 90);
  const maxAccess = institution.maxAccessDays;
  if (access === null || access < 1 || access > maxAccess) {
    return failed(
      'access_valid_for_days',
      'Incorrect access_valid_for_days',
      `access_valid_for_days must be > 0 and <= ${maxAccess} for ${institution.id}`,
    );
  }
  const scope = body.access_scope ?? SCOPES;
  if (
    !Array.isArray(scope) ||
    scope.length === 0 ||
    scope.some((s) => typeof s !== 'string' || !SCOPES.includes(s))
  ) {
    return failed(
      'access_scope',
      'Unknown value in access_scope',
      `Choose from ${SCOPES.join(', ')}`,
    );
  }
  return {
    value: {
      id: randomUUID(),
      created: state.now(),
      institution_id: institution.id,
      max_historical_days: history,
      access_valid_for_days: access,
      access_scope: scope as string[],
      accepted: null,
      endedAt: null,
      endedStatus: 400,
    },
  };
}

export function newRequisition(
  state: FakeState,
  body: Record<string, unknown>,
  origin: string,
): Made<Requisition> {
  const redirect = typeof body.redirect === 'string' ? body.redirect : '';
  if (!URL.canParse(redirect) || !/^https?:$/.test(new URL(redirect).protocol)) {
    return failed('redirect', 'Enter a valid URL.');
  }
  const institution = findInstitution(text(body.institution_id));
  if (!institution) {
    return failed(
      'institution_id',
      `Unknown Institution ID ${text(body.institution_id)}`,
      'Get Institution IDs from /institutions/?country={$COUNTRY_CODE}',
    );
  }
  if (body.account_selection === true) {
    return failed(
      'account_selection',
      'Account selection not supported',
      `Account selection is not supported by ${institution.id}`,
    );
  }
  let agreement = state.agreements.get(text(body.agreement));
  if (body.agreement === undefined) {
    const made = newAgreement(state, { institution_id: institution.id });
    if ('error' in made) return made;
    agreement = made.value;
    state.agreements.set(agreement.id, agreement);
  }
  if (!agreement) {
    return failed(
      'agreement',
      'Invalid agreement',
      `'${text(body.agreement)}' is not a valid EUA id`,
    );
  }
  if (agreement.institution_id !== institution.id) {
    return failed(
      'agreement',
      'Incorrect Institution ID',
      `Provided Institution ID: '${institution.id}' for requisition does not match EUA ` +
        `institution ID '${agreement.institution_id}'. Please provide correct institution ID: ` +
        `'${agreement.institution_id}'`,
    );
  }
  const reference = typeof body.reference === 'string' ? body.reference : randomUUID();
  if (reference.length > 256) {
    return failed(
      'reference',
      'Reference too long',
      'Ensure this field has no more than 256 characters.',
    );
  }
  if ([...state.requisitions.values()].some((r) => r.reference === reference)) {
    return failed(
      'reference',
      'Client reference must be unique',
      `Reference '${reference}' already exists`,
    );
  }
  const language = body.user_language ?? 'EN';
  if (typeof language !== 'string' || !/^[A-Z]{2}$/.test(language)) {
    return failed(
      'user_language',
      'Invalid user_language',
      `'${text(language)}' is not an ISO 639-1 language code in upper case`,
    );
  }
  const id = randomUUID();
  return {
    value: {
      id,
      created: state.now(),
      redirect,
      status: 'CR',
      institution_id: institution.id,
      agreement: agreement.id,
      reference,
      accounts: [],
      user_language: language,
      link: `${origin}/psd2/start/${id}/${institution.id}`,
    },
  };
}
