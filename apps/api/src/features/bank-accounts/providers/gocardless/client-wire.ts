import { z } from 'zod';
import { decimalToCents, ProviderError, type ProviderTransaction } from '../provider';

/**
 * What the client reads from GoCardless's answers, and how a GoCardless transaction becomes a
 * ProviderTransaction. Only the fields we use are checked; anything else may come and go.
 */

/** Numbers the service writes as strings ('730'); unreadable ones fall back to its default. */
const days = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => {
    const n = Number(value);
    return value !== null && value !== undefined && Number.isInteger(n) && n > 0 ? n : 90;
  });

export const institutionSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  bic: z.string().nullish(),
  logo: z.string().nullish(),
  transaction_total_days: days,
  max_access_valid_for_days: days,
});
export type WireInstitution = z.infer<typeof institutionSchema>;

export const agreementSchema = z.object({
  id: z.string().min(1),
  created: z.string(),
  accepted: z.string().nullish(),
  access_valid_for_days: z.number(),
});

export const requisitionSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  agreement: z.string().nullish(),
  accounts: z.array(z.string()).default([]),
  link: z.string().optional(),
});

export const accountMetadataSchema = z.object({
  id: z.string(),
  iban: z.string().nullish(),
  owner_name: z.string().nullish(),
  name: z.string().nullish(),
  status: z.string().nullish(),
});

export const accountDetailsSchema = z.object({
  account: z.object({
    iban: z.string().nullish(),
    currency: z.string().nullish(),
    name: z.string().nullish(),
    displayName: z.string().nullish(),
    product: z.string().nullish(),
    ownerName: z.string().nullish(),
  }),
});

const accountRef = z.object({ iban: z.string().nullish() }).nullish();
const text = z.string().nullish();
const texts = z.array(z.string()).nullish();

const transactionSchema = z.object({
  transactionId: text,
  internalTransactionId: text,
  bookingDate: text,
  bookingDateTime: text,
  valueDate: text,
  valueDateTime: text,
  transactionAmount: z.object({
    amount: z.union([z.string(), z.number()]).transform(String),
    currency: z.string().min(1),
  }),
  creditorName: text,
  creditorAccount: accountRef,
  debtorName: text,
  debtorAccount: accountRef,
  remittanceInformationUnstructured: text,
  remittanceInformationUnstructuredArray: texts,
  remittanceInformationStructured: text,
  remittanceInformationStructuredArray: texts,
  additionalInformation: text,
});
type WireTransaction = z.infer<typeof transactionSchema>;

export const transactionsSchema = z.object({
  transactions: z.object({
    booked: z.array(transactionSchema).default([]),
    pending: z.array(transactionSchema).default([]),
  }),
});

/** Parses an answer, or says GoCardless answered something we cannot read. */
export function read<T extends z.ZodType>(schema: T, json: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') ?? '';
    throw new ProviderError(
      'unavailable',
      `GoCardless answered ${what} unreadably (at '${where}')`,
    );
  }
  return parsed.data;
}

/** Blank strings count as missing; everything else is trimmed. */
function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** The date part of `2024-03-01` or `2024-03-01T10:00:00Z`, or null. */
function dateOf(value: string | null | undefined): string | null {
  const match = /^\d{4}-\d{2}-\d{2}/.exec(value?.trim() ?? '');
  return match ? match[0] : null;
}

export function normaliseIban(iban: string | null | undefined): string | null {
  const compact = iban?.replace(/\s+/g, '').toUpperCase();
  return compact ? compact : null;
}

function joined(list: string[] | null | undefined): string | null {
  return present(list?.join(' '));
}

function description(tx: WireTransaction): string | null {
  const found =
    present(tx.remittanceInformationUnstructured) ??
    joined(tx.remittanceInformationUnstructuredArray) ??
    present(tx.remittanceInformationStructured) ??
    joined(tx.remittanceInformationStructuredArray) ??
    present(tx.additionalInformation);
  return found === null ? null : found.replace(/\s+/g, ' ');
}

export function toProviderTransaction(
  tx: WireTransaction,
  status: 'booked' | 'pending',
): ProviderTransaction {
  const amountCents = decimalToCents(tx.transactionAmount.amount);
  // The sign tells the side: money out went to the creditor, money in came from the debtor.
  const outgoing = amountCents < 0 || (amountCents === 0 && !tx.debtorName);
  return {
    // GoCardless's own id exists for booked rows only; a pending row is never matched by id.
    bankId:
      status === 'booked' ? (present(tx.internalTransactionId) ?? present(tx.transactionId)) : null,
    status,
    bookingDate: dateOf(tx.bookingDate) ?? dateOf(tx.bookingDateTime),
    valueDate: dateOf(tx.valueDate) ?? dateOf(tx.valueDateTime),
    amountCents,
    currency: tx.transactionAmount.currency,
    counterpartyName: present(outgoing ? tx.creditorName : tx.debtorName),
    counterpartyIban: normaliseIban(outgoing ? tx.creditorAccount?.iban : tx.debtorAccount?.iban),
    description: description(tx),
  };
}
