/**
 * The bank's consent page opens in a window of its own. The provider sends that window back to
 * our `…/add-bank?step=3&message=<outcome>`; that page hands the outcome to the page that
 * opened it (same origin only) and closes, and the opener shows the result. A window that
 * closes without a word leaves the opener to find out from the accounts themselves.
 */
import type { BankAccountSummary } from '@helder/shared/bank-accounts';
import { BANK_LINK_OUTCOMES, type BankLinkOutcome } from '@helder/shared/bank-accounts/client';
import { useEffect, useEffectEvent } from 'react';

/** What the result page may say: one of the outcomes, or that we do not know (docs/spec-map.md §4). */
export type LinkOutcome = BankLinkOutcome | 'unknown';

export function toOutcome(message: string | null): LinkOutcome {
  return (BANK_LINK_OUTCOMES as readonly string[]).includes(message ?? '')
    ? (message as BankLinkOutcome)
    : 'unknown';
}

const MESSAGE_TYPE = 'helder:bank-link';
/** One window for the bank: a second 'Accepteer en ga door' reuses it. */
const WINDOW_NAME = 'helder-bank';
const WINDOW_FEATURES = 'popup,width=520,height=760';
/** How often the opener looks whether the bank's window is still open (it cannot be told). */
const WINDOW_POLL_MS = 500;

/**
 * Opens the bank's page in its own window (it keeps its opener: the result page needs it);
 * null when the browser blocked it.
 */
export function openBankWindow(url: string): Window | null {
  return window.open(url, WINDOW_NAME, WINDOW_FEATURES);
}

/** The page that opened this one, when it is of our own origin; null otherwise. */
function ownOpener(): Window | null {
  const opener = window.opener as Window | null;
  if (!opener) return null;
  try {
    // Reading another origin's location throws: that opener is not ours.
    return opener.location.origin === window.location.origin ? opener : null;
  } catch {
    return null;
  }
}

/**
 * In the bank's window back on our result page: gives the outcome to our opener and closes
 * the window. False when there is no such opener (the page then shows the result itself).
 */
export function handOutcomeToOpener(outcome: LinkOutcome): boolean {
  const opener = ownOpener();
  if (!opener) return false;
  opener.postMessage({ type: MESSAGE_TYPE, outcome }, window.location.origin);
  window.close();
  return true;
}

/** The outcome a message carries, when it is ours; null for anything else. */
function outcomeOf(event: MessageEvent): LinkOutcome | null {
  if (event.origin !== window.location.origin) return null;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const { type, outcome } = data as { type?: unknown; outcome?: unknown };
  if (type !== MESSAGE_TYPE || typeof outcome !== 'string') return null;
  return toOutcome(outcome);
}

/**
 * While `bankWindow` is set: `onOutcome` when the result page in it reports, `onClosed` when it
 * closed without doing so.
 */
export function useBankWindow(
  bankWindow: Window | null,
  onOutcome: (outcome: LinkOutcome) => void,
  onClosed: () => void,
) {
  const reported = useEffectEvent(onOutcome);
  const closed = useEffectEvent(onClosed);
  useEffect(() => {
    if (!bankWindow) return;
    const listen = (event: MessageEvent) => {
      const outcome = outcomeOf(event);
      if (outcome) reported(outcome);
    };
    window.addEventListener('message', listen);
    const poll = setInterval(() => {
      if (bankWindow.closed) closed();
    }, WINDOW_POLL_MS);
    return () => {
      window.removeEventListener('message', listen);
      clearInterval(poll);
    };
  }, [bankWindow]);
}

/** Linked accounts (not statement files) by id, with the day their access ends. */
export function linkedAccounts(accounts: BankAccountSummary[]): Map<number, string | null> {
  return new Map(
    accounts
      .filter((account) => account.provider !== 'file')
      .map((account) => [account.id, account.expiration_date]),
  );
}

/** A link appeared, or an existing one lasts longer (a renewal), between `before` and `after`. */
export function gainedLink(
  before: Map<number, string | null>,
  after: Map<number, string | null>,
): boolean {
  for (const [id, expires] of after) {
    if (!before.has(id)) return true;
    const was = before.get(id) ?? null;
    if (expires !== null && (was === null || new Date(expires) > new Date(was))) return true;
  }
  return false;
}
