/**
 * IBANs as every screen shows them: one formatter, so an account number reads the same on the
 * Banks tab, the transactions overview, a payment's details and a user's profile.
 */

/**
 * An IBAN in groups of four for reading ('NL91 ABNA 0417 1643 00'; spaces in it are ignored).
 * An account number from before the IBAN ('1291.99.348', 'P1234567') is shown as the bank
 * writes it: grouped in fours it would read as another number.
 */
export function formatIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return iban.trim();
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}
