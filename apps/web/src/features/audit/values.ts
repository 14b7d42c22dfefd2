/** How a field's old and new value read in the history: money in euros, dates as the app shows them. */
import { REDACTED } from '@helder/shared/audit/client';
import { formatEuro } from '@helder/shared/money';
import type { i18n as I18n, TFunction } from 'i18next';
import { formatBookingDate } from '../../lib/dates';
import type fields from '../../locales/nl/audit.json';

type Field = keyof (typeof fields)['fields'];

/** Amounts and budgets, audited in euros as the API exposes them (docs/api-rules.md §8). */
const MONEY = new Set(['transaction_amount', 'budget']);
const DAYS = new Set(['booking_date']);
/** A review's status, as the payment modal names it (docs/api-rules.md §20). */
const REVIEW_STATUSES = new Set(['open', 'approved', 'rejected', 'answered']);

const isKnownField = (field: string, i18n: I18n): field is Field =>
  i18n.exists(`fields.${field}`, { ns: 'audit' });

/** The field's name in the reader's language; a field the catalogs do not know by its key. */
export function fieldLabel(field: string, t: TFunction<'audit'>, i18n: I18n): string {
  return isKnownField(field, i18n) ? t(`fields.${field}`) : field;
}

export function valueText(field: string, value: unknown, t: TFunction<'audit'>): string {
  if (value === null || value === undefined || value === '') return t('values.empty');
  if (value === REDACTED) return t('values.hidden');
  if (typeof value === 'boolean') return value ? t('values.yes') : t('values.no');
  if (typeof value === 'number' && MONEY.has(field)) return formatEuro(value);
  if (typeof value === 'string' && DAYS.has(field)) return formatBookingDate(value);
  if (field === 'review_status' && typeof value === 'string' && REVIEW_STATUSES.has(value)) {
    return t(`reviewStatuses.${value as 'open' | 'approved' | 'rejected' | 'answered'}`);
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? t('values.none') : value.map((v) => valueText('', v, t)).join(', ');
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}
