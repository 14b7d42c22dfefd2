import { SANDBOX_INSTITUTION } from '@helder/shared/bank-accounts';

/**
 * The bank of a Dutch IBAN, from the four letters after the check digits, so an account made
 * from a statement file has a name on the Banks tab; other countries show their country code.
 */
const DUTCH_BANKS: Record<string, string> = {
  ABNA: 'ABN AMRO',
  ASNB: 'ASN Bank',
  BUNQ: 'bunq',
  INGB: 'ING',
  KNAB: 'Knab',
  RABO: 'Rabobank',
  RBRB: 'RegioBank',
  SNSB: 'SNS',
  TRIO: 'Triodos Bank',
  FVLB: 'Van Lanschot Kempen',
  REVO: 'Revolut',
  NTSB: 'N26',
  // The provider's demo bank: clients show its logo by this name (SANDBOX_INSTITUTION).
  SNDB: SANDBOX_INSTITUTION,
};

export function institutionOfIban(iban: string): string {
  const country = iban.slice(0, 2);
  if (country !== 'NL') return country;
  return DUTCH_BANKS[iban.slice(4, 8)] ?? 'Bank';
}
