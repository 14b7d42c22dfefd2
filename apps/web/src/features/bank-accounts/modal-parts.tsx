/**
 * Pieces the bank modals share: the account of `?id=`, a modal body while it loads, and focus
 * for a modal whose steps replace each other.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { FormActions } from '../../components/ui/Form';
import { Spinner } from '../../components/ui/Spinner';
import { isApiError } from '../../lib/api';
import { parseId } from '../../lib/params';
import { useSession } from '../auth';
import { useBankAccount } from './api';

/**
 * The logged-in user and the account the modal's `?id=` names (null when it names none). The
 * account is loaded only when `load` (a success step needs nothing).
 */
export function useModalAccount(load = true) {
  const [params] = useSearchParams();
  const session = useSession();
  const userId = session?.userId ?? null;
  const bankAccountId = parseId(params.get('id'));
  const account = useBankAccount(userId ?? 0, load && userId !== null ? bankAccountId : null);
  const missing =
    userId === null ||
    bankAccountId === null ||
    (isApiError(account.error) && account.error.status === 404);
  return { userId: userId ?? 0, bankAccountId: bankAccountId ?? 0, account, missing };
}

/** Why the account is not there: unknown (or no `?id=`), or it failed to load. */
export function loadErrorText(
  t: (key: 'load.missing' | 'load.failed') => string,
  missing: boolean,
  failed: boolean,
): string | null {
  if (missing) return t('load.missing');
  return failed ? t('load.failed') : null;
}

/** A modal's body while its account loads, or when that failed (with a way out). */
export function AccountLoadState({
  error,
  onClose,
}: {
  error: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('bank-accounts');
  if (!error) return <Spinner label={t('load.loading')} />;
  return (
    <>
      <Alert>{error}</Alert>
      <FormActions align="end">
        <Button variant="secondary" onClick={onClose}>
          {t('load.close')}
        </Button>
      </FormActions>
    </>
  );
}

/**
 * A modal's content that changes step (`step` names it) would leave focus on a button that is
 * gone. Focus moves to the new step: its `data-autofocus` element, else its first field, else
 * its heading (made focusable), so a screen reader starts reading there. The first step is the
 * modal's own business (it focuses on opening).
 */
export function useStepFocus<T extends HTMLElement>(step: string) {
  const container = useRef<T>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    const root = container.current;
    const target = ['[data-autofocus]', 'input:not(:disabled)', 'h3']
      .map((selector) => root?.querySelector<HTMLElement>(selector))
      .find(Boolean);
    if (!target) return;
    if (target.tagName === 'H3') target.tabIndex = -1;
    target.focus();
  }, [step]);
  return container;
}
