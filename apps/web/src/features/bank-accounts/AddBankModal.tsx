/**
 * 'Bankrekening toevoegen' (…/add-bank; docs/spec-map.md §2.2, §2.9, §4): link a bank
 * (LinkBankFlow), or import a statement file instead (useStatementImport). `?id=<account>`
 * renews that account's consent ('Vernieuw nu'), starting at the consent.
 *
 * `?step=3&message=<outcome>` is the result (BankLinkResult). The provider sends the bank's
 * window back to that URL: there, with an opener of our own, the page hands the outcome over and
 * closes (bank-link-window.ts); without one it shows the result itself. The opener shows it by
 * going to the same URL, marked in its history state so that it hands nothing on itself.
 */
import type { Institution } from '@helder/shared/bank-accounts';
import { BANK_ACCESS_DAYS_MAX, BANK_HISTORY_DAYS_MAX } from '@helder/shared/bank-accounts/client';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Modal, useRouteModal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { parseId } from '../../lib/params';
import { paths } from '../../lib/paths';
import { useSession } from '../auth';
import { useBankAccounts, useInitiatingBankLink, useInstitutions } from './api';
import styles from './bank-accounts.module.css';
import { BankLinkResult } from './BankLinkResult';
import { handOutcomeToOpener, toOutcome, type LinkOutcome } from './bank-link-window';
import { LinkBankFlow, type LinkBankFlowProps } from './LinkBankFlow';
import { AccountLoadState, loadErrorText, useStepFocus } from './modal-parts';
import { useStatementImport } from './StatementImport';

/** History state of a result the opener shows itself (it came from the bank's window). */
const HANDED_OVER = { bankLinkHandedOver: true };

function handedOver(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Partial<typeof HANDED_OVER>).bankLinkHandedOver === true
  );
}

/** The result page in the bank's window gives its outcome to the opener, once. */
function useHandOver(outcome: LinkOutcome, active: boolean) {
  const handed = useRef(false);
  useEffect(() => {
    if (!active || handed.current) return;
    handed.current = true;
    handOutcomeToOpener(outcome);
  }, [active, outcome]);
}

type FlowProps = Omit<LinkBankFlowProps, 'renewing' | 'onImportFile'>;

/** 'Vernieuw nu': the own account's bank (from the institutions, else as the account has it). */
function Renewal({ accountId, onCancel, ...flow }: FlowProps & { accountId: number }) {
  const { t } = useTranslation('bank-accounts');
  const list = useBankAccounts(flow.userId);
  const institutions = useInstitutions();
  if (list.isPending || institutions.isPending) return <Spinner label={t('load.loading')} />;
  const account = list.data?.ownedBankAccounts.find(({ id }) => id === accountId);
  const institutionId = account?.institution_id;
  if (!account || !institutionId) {
    const error = account
      ? t('link.renew.notLinked')
      : loadErrorText(t, !list.isError, list.isError);
    return <AccountLoadState error={error} onClose={onCancel} />;
  }
  // Without the bank in the list (or the list), the consent asks the most the API allows.
  const institution: Institution = institutions.data?.institutions.find(
    ({ id }) => id === institutionId,
  ) ?? {
    id: institutionId,
    name: account.institution_name,
    logo: account.institution_logo,
    max_access_days: BANK_ACCESS_DAYS_MAX,
    max_history_days: BANK_HISTORY_DAYS_MAX,
  };
  return <LinkBankFlow {...flow} renewing={institution} onCancel={onCancel} />;
}

export function AddBankModal() {
  const { t } = useTranslation('bank-accounts');
  const userId = useSession()?.userId ?? 0;
  const { open, close } = useRouteModal();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [way, setWay] = useState<'bank' | 'file'>('bank');
  const statement = useStatementImport({
    userId,
    close: () => close(),
    // The imported lines wait to be linked: the overview opens on them.
    onDone: () => close(paths.unlinkedPayments()),
    onLinkBank: () => setWay('bank'),
  });
  const initiating = useInitiatingBankLink();
  const renewId = parseId(params.get('id'));
  const result = params.get('step') === '3' ? toOutcome(params.get('message')) : null;
  useHandOver(result ?? 'unknown', result !== null && !handedOver(location.state));

  let view: 'result' | 'renew' | 'bank' | 'file' = way;
  if (result) view = 'result';
  else if (renewId !== null) view = 'renew';
  const container = useStepFocus<HTMLDivElement>(view);

  const showResult = (outcome: LinkOutcome) => {
    const next = new URLSearchParams(params);
    next.set('step', '3');
    next.set('message', outcome);
    setParams(next, { replace: true, state: HANDED_OVER });
  };
  const flow: FlowProps = { userId, onOutcome: showResult, onCancel: () => close() };

  let body;
  if (result) {
    body = (
      <BankLinkResult
        outcome={result}
        renewal={renewId !== null}
        // After a link the bank's lines wait to be linked: the overview opens on them.
        onBack={() => close(result === 'success' ? paths.unlinkedPayments() : paths.payments())}
        onRetry={() =>
          setParams(renewId === null ? {} : { id: String(renewId) }, { replace: true })
        }
      />
    );
  } else if (renewId !== null) {
    body = <Renewal {...flow} accountId={renewId} />;
  } else if (way === 'file') {
    body = statement.body;
  } else {
    body = <LinkBankFlow {...flow} onImportFile={() => setWay('file')} />;
  }

  const importing = view === 'file';
  return (
    <Modal
      open={open}
      onClose={importing ? statement.leave : () => close()}
      title={
        view === 'renew' || (result && renewId !== null) ? t('link.renew.title') : t('add.title')
      }
      busy={importing ? statement.busy : initiating}
      size={importing && statement.wide ? 'large' : 'medium'}
    >
      <div ref={container} className={styles.flow}>
        {body}
      </div>
    </Modal>
  );
}
