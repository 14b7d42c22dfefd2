import { describe, expect, it } from 'vitest';
import { formatBookingDate, middayInAmsterdam, parseDayText } from '../../lib/dates';
import { filterFormSchema, filterToForm, type FilterFormValues } from './filter-form';
import { filterFromSearch, filterToSearch, searchText } from './filters';
import {
  bookingDay,
  changedFields,
  createBody,
  NEW_PAYMENT_FORM,
  PAYMENT_FORM_FIELDS,
  paymentFormSchema,
  routeOfTyped,
  type PaymentFormValues,
} from './schemas';
import { payment } from './test-fixtures';

describe('days and booking dates', () => {
  it.each([
    ['14-03-2026', '2026-03-14'],
    ['4-3-2026', '2026-03-04'],
    ['14/03/2026', '2026-03-14'],
    [' 29-02-2024 ', '2024-02-29'],
  ])('reads a typed day %s as %s', (text, day) => {
    expect(parseDayText(text)).toBe(day);
  });

  it.each(['29-02-2026', '31-04-2026', '2026-03-14', '14-03-26', 'morgen', ''])(
    'refuses %s',
    (text) => {
      expect(parseDayText(text)).toBeNull();
    },
  );

  it('sends midday in Amsterdam with the offset of that day', () => {
    expect(middayInAmsterdam('2026-01-15')).toBe('2026-01-15T12:00:00+01:00');
    expect(middayInAmsterdam('2026-07-01')).toBe('2026-07-01T12:00:00+02:00');
    // The day summer time starts.
    expect(middayInAmsterdam('2026-03-29')).toBe('2026-03-29T12:00:00+02:00');
  });

  it('reads the Amsterdam day of a booking date; an invalid one gives null', () => {
    expect(bookingDay('2026-03-14T23:30:00Z')).toBe('2026-03-15');
    expect(bookingDay('2026-03-14T12:00:00+01:00')).toBe('2026-03-14');
    expect(bookingDay('2026-03-14')).toBeNull();
    expect(bookingDay('gisteren')).toBeNull();
    expect(formatBookingDate('2026-03-14T23:30:00Z')).toBe('15-03-2026');
  });
});

describe('the filter', () => {
  const form = (values: Partial<FilterFormValues>): FilterFormValues => ({
    ...filterToForm({}),
    ...values,
  });

  it('keeps only filled values, amounts with a dot', () => {
    const parsed = filterFormSchema.parse(
      form({ start_date: '01-03-2026', min_amount: '12,50', max_amount: ' ', route: '' }),
    );
    expect(parsed).toEqual({ start_date: '2026-03-01', min_amount: '12.5' });
    expect(filterToSearch(parsed).toString()).toBe('start_date=2026-03-01&min_amount=12.5');
    expect(searchText({})).toBe('');
  });

  it('reads Dutch thousands and sends plain decimals', () => {
    expect(filterFormSchema.parse(form({ max_amount: '1.234,56', route: 'uitgaven' }))).toEqual({
      max_amount: '1234.56',
      route: 'uitgaven',
    });
  });

  it('refuses a bad day, a negative amount, min above max and start after end', () => {
    const result = filterFormSchema.safeParse(
      form({ start_date: '31-02-2026', min_amount: '-5', max_amount: 'tien' }),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['start_date', 'filter.validation.dateInvalid'],
      ['min_amount', 'filter.validation.amountInvalid'],
      ['max_amount', 'filter.validation.amountInvalid'],
    ]);
    const crossed = filterFormSchema.safeParse(
      form({ start_date: '02-03-2026', end_date: '01-03-2026', min_amount: '9', max_amount: '5' }),
    );
    expect(crossed.error?.issues.map((issue) => issue.message)).toEqual([
      'filter.validation.startAfterEnd',
      'filter.validation.minAboveMax',
    ]);
  });

  it('reads the URL leniently: malformed values are left out', () => {
    const search = new URLSearchParams(
      'start_date=2026-02-30&end_date=2026-03-31&min_amount=1,5&max_amount=20.25&route=alles&x=1',
    );
    expect(filterFromSearch(search)).toEqual({ end_date: '2026-03-31', max_amount: '20.25' });
    expect(filterToForm({ max_amount: '20.25', end_date: '2026-03-31' })).toMatchObject({
      max_amount: '20,25',
      end_date: '31-03-2026',
    });
  });
});

describe('the payment form', () => {
  const values = (extra: Partial<PaymentFormValues>): PaymentFormValues => ({
    ...NEW_PAYMENT_FORM,
    booking_date: '14-03-2026',
    ...extra,
  });
  const all = paymentFormSchema(PAYMENT_FORM_FIELDS);

  it('takes the route from a typed minus', () => {
    expect(routeOfTyped('-12,50')).toBe('uitgaven');
    expect(routeOfTyped('12,50')).toBe('inkomen');
  });

  it.each([
    ['12,50', 'inkomen', 12.5],
    ['-12,50', 'uitgaven', -12.5],
    ['1.234,56', 'inkomen', 1234.56],
    ['-7.5', 'inkomen', 7.5],
    ['40', 'uitgaven', -40],
  ] as const)('sends %s with route %s as %s', (typed, route, sent) => {
    const output = all.parse(values({ transaction_amount: typed, route }));
    expect(output).toMatchObject({ transaction_amount: sent, route });
  });

  it.each(['', '0', 'twaalf', '1,234', '1000000000'])('refuses the amount %j', (typed) => {
    const result = all.safeParse(values({ transaction_amount: typed }));
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'form.validation.amountInvalid',
    ]);
  });

  it('limits the descriptions to 128 and 512 characters', () => {
    const result = all.safeParse(
      values({
        transaction_amount: '1',
        short_user_description: 'x'.repeat(129),
        long_user_description: 'y'.repeat(513),
      }),
    );
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'form.validation.shortTooLong',
      'form.validation.longTooLong',
    ]);
  });

  it('builds the create body: signed amount, midday booking date, no empty texts', () => {
    const output = all.parse(
      values({ transaction_amount: '-12,50', route: 'uitgaven', creditor_name: ' Bakker ' }),
    );
    expect(createBody(output, { initiativeId: 3, activityId: 21 })).toEqual({
      transaction_amount: -12.5,
      route: 'uitgaven',
      booking_date: '2026-03-14T12:00:00+01:00',
      creditor_name: 'Bakker',
      hidden: false,
      type: 'handmatig',
      initiative_id: 3,
      activity_id: 21,
    });
    const shielded = all.parse(values({ transaction_amount: '5', hide_counterparty: true }));
    expect(createBody(shielded, { initiativeId: 3 })).toMatchObject({ hide_counterparty: true });
  });

  it('patches only changed fields with a value, and nothing when nothing changed', () => {
    const current = payment({ short_user_description: 'Oud', long_user_description: 'Lang' });
    const unchanged = values({
      transaction_amount: '-12,50',
      route: 'uitgaven',
      creditor_name: current.creditor_name ?? '',
      creditor_account: current.creditor_account ?? '',
      debtor_name: current.debtor_name ?? '',
      debtor_account: current.debtor_account ?? '',
      short_user_description: 'Oud',
      long_user_description: 'Lang',
    });
    expect(changedFields(all.parse(unchanged), current)).toEqual({});
    const edited = all.parse({
      ...unchanged,
      transaction_amount: '13',
      booking_date: '15-03-2026',
      short_user_description: 'Nieuw',
      long_user_description: '',
      hidden: true,
    });
    expect(changedFields(edited, current)).toEqual({
      transaction_amount: -13,
      booking_date: '2026-03-15T12:00:00+01:00',
      short_user_description: 'Nieuw',
      hidden: true,
    });
  });

  it('validates and sends only the shown fields (a bank payment: its descriptions)', () => {
    const schema = paymentFormSchema(['short_user_description', 'hidden']);
    const output = schema.parse(values({ transaction_amount: 'onzin', booking_date: 'x' }));
    expect(output).toEqual({ short_user_description: '', hidden: false });
  });
});
