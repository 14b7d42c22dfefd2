import { z } from 'zod';

/**
 * The parts of Enable Banking's answers the client reads. Optional fields are `nullish`: the API
 * sends null and leaves fields out alike. Fields we do not read are not listed (zod drops them).
 */

export const aspspsSchema = z.object({
  aspsps: z.array(
    z.object({
      name: z.string(),
      country: z.string(),
      logo: z.string().nullish(),
      bic: z.string().nullish(),
      psu_types: z.array(z.string()).nullish(),
      maximum_consent_validity: z.number().int().positive(),
    }),
  ),
});

export const startAuthorizationSchema = z.object({
  url: z.string(),
  authorization_id: z.string(),
});

const accountReference = z
  .object({
    iban: z.string().nullish(),
    other: z.object({ identification: z.string(), scheme_name: z.string() }).nullish(),
  })
  .nullish();
export type AccountReference = z.infer<typeof accountReference>;

const accountResource = z.object({
  uid: z.string().nullish(),
  account_id: accountReference,
  identification_hash: z.string().nullish(),
  /** Enable Banking's account `name` holds the holder's name(s). */
  name: z.string().nullish(),
  /** The description the user or the bank gave the account. */
  details: z.string().nullish(),
  product: z.string().nullish(),
  currency: z.string(),
});
export type AccountResource = z.infer<typeof accountResource>;

export const authorizeSessionSchema = z.object({
  session_id: z.string(),
  accounts: z.array(accountResource),
  access: z.object({
    valid_until: z.string().refine((value) => !Number.isNaN(Date.parse(value))),
  }),
});

export const sessionStatuses = [
  'PENDING_AUTHORIZATION',
  'RETURNED_FROM_BANK',
  'AUTHORIZED',
  'CANCELLED',
  'INVALID',
  'EXPIRED',
  'CLOSED',
  'REVOKED',
] as const;

export const sessionSchema = z.object({ status: z.enum(sessionStatuses) });

export const okSchema = z.object({ message: z.string().nullish() });

const party = z.object({ name: z.string().nullish() }).nullish();

const transaction = z.object({
  entry_reference: z.string().nullish(),
  transaction_amount: z.object({ amount: z.string(), currency: z.string() }),
  credit_debit_indicator: z.enum(['CRDT', 'DBIT']),
  status: z.string(),
  booking_date: z.string().nullish(),
  value_date: z.string().nullish(),
  creditor: party,
  debtor: party,
  creditor_account: accountReference,
  debtor_account: accountReference,
  remittance_information: z.array(z.string()).nullish(),
});
export type Transaction = z.infer<typeof transaction>;

export const transactionsSchema = z.object({
  transactions: z.array(transaction),
  continuation_key: z.string().nullish(),
});
