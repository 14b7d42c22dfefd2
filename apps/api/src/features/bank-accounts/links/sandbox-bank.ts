/**
 * The providers' demo banks (GoCardless's Sandbox Finance, Enable Banking's Mock ASPSP): nobody's
 * money is there, and an account there is shown under the fixed sandbox name and logo.
 */
import { createHash } from 'node:crypto';

const SANDBOX_BANKS = /^(SANDBOXFINANCE_SFIN0000|[A-Z]{2}:Mock ASPSP)$/;

export const isSandboxBank = (institutionId: string) => SANDBOX_BANKS.test(institutionId);

/**
 * A stand-in IBAN for a sandbox account the bank gives none (the Mock ASPSP gives only its own
 * id): the same for the account on every consent, valid in form, at the 'SNDB' code that names
 * the sandbox bank (institutions.ts), so it can never be a real account's.
 */
export function sandboxIban(stableKey: string): string {
  const n = createHash('sha256').update(stableKey).digest().readBigUInt64BE(0) % 10_000_000_000n;
  const bban = `SNDB${String(n).padStart(10, '0')}`;
  const digits = [...`${bban}NL00`]
    .map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c))
    .join('');
  return `NL${String(98 - Number(BigInt(digits) % 97n)).padStart(2, '0')}${bban}`;
}
