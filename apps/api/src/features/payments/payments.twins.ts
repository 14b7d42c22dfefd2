import { sql } from 'drizzle-orm';
import { centsToEuros } from '@helder/shared/money';
import type { PossibleDuplicate } from '@helder/shared/payments';
import { payments } from '../../db/schema';
import { correlated } from '../../lib/initiative-sql';

/** The payment an imported line may double, as the database hands it over. */
export interface TwinRow {
  payment_id: number;
  booking_date: string;
  amount_cents: number | string;
  counterparty: string | null;
  description: string | null;
}

/**
 * The payment of the same account the row's line may double (docs/api-rules.md §13), read in
 * the row's own statement; null for a line without one.
 */
export const twinColumn = correlated<TwinRow | null>(sql`(
  select json_build_object('payment_id', twin.id,
    'booking_date', to_char(twin.booking_date at time zone 'UTC', 'YYYY-MM-DD'),
    'amount_cents', twin.amount_cents,
    'counterparty', case when twin.amount_cents < 0 then twin.creditor_name
      else twin.debtor_name end,
    'description', twin.short_user_description)
  from ${payments} as twin where twin.id = ${payments.possibleDuplicateOf})`);

/** The wire form; the booking day is that of Amsterdam, as the import stored it at noon UTC. */
export const toPossibleDuplicate = (row: TwinRow | null): PossibleDuplicate | null =>
  row === null
    ? null
    : {
        payment_id: Number(row.payment_id),
        booking_date: row.booking_date,
        amount: centsToEuros(Number(row.amount_cents)),
        counterparty: row.counterparty,
        description: row.description,
      };
