/**
 * Linking a bank, steps 1 and 2 of 'Bankrekening toevoegen' (docs/spec-map.md §2.9, §4):
 *
 * 1. pick the bank (InstitutionPicker), or import a statement file instead;
 * 2. the consent asked for (90 days of access and of history, or less where the bank allows
 *    less) and 'Accepteer en ga door': the bank's page opens in its own window (in this tab
 *    when the browser blocks that), and we wait until the bank reports back or the window
 *    closes; then the result (step 3) is the caller's to show.
 *
 * A renewal ('Vernieuw nu') knows its bank and starts at step 2.
 */
import type { Institution } from '@helder/shared/bank-accounts';
import {
  BANK_ACCESS_DAYS_MAX,
  BANK_DAYS_DEFAULT,
  BANK_HISTORY_DAYS_MAX,
} from '@helder/shared/bank-accounts/client';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { FormActions } from '../../components/ui/Form';
import { DocumentIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { errorText } from '../../lib/error-text';
import { useBankAccountsReader, useInitiateBankLink } from './api';
import styles from './bank-accounts.module.css';
import {
  gainedLink,
  linkedAccounts,
  openBankWindow,
  useBankWindow,
  type LinkOutcome,
} from './bank-link-window';
import { BankLogo } from './BankLogo';
import { InstitutionPicker } from './InstitutionPicker';
import { useStepFocus } from './modal-parts';

/** The consent asked for: the spec's 90 and 90 days, within what the bank grants. */
function consentDays(institution: Institution) {
  const bounded = (max: number, bankMax: number) =>
    Math.max(1, Math.min(BANK_DAYS_DEFAULT, max, bankMax));
  return {
    accessDays: bounded(BANK_ACCESS_DAYS_MAX, institution.max_access_days),
    historyDays: bounded(BANK_HISTORY_DAYS_MAX, institution.max_history_days),
  };
}

type Linked = ReturnType<typeof linkedAccounts>;

type Phase =
  | { kind: 'pick' }
  | { kind: 'consent'; institution: Institution }
  /** The bank's window is open; `before` are the links we had, null when unknown. */
  | { kind: 'waiting'; institution: Institution; bankWindow: Window; before: Linked | null }
  /** It closed without a word: the accounts are read again to see what came of it. */
  | { kind: 'checking'; bankWindow: Window; before: Linked | null }
  /** The browser blocked the window: this tab goes to the bank. */
  | { kind: 'redirecting' };

function Consent({
  institution,
  renewal,
  busy,
  problem,
  onAccept,
  onBack,
}: {
  institution: Institution;
  renewal: boolean;
  busy: boolean;
  problem: string | null;
  onAccept: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('bank-accounts');
  const headingId = useId();
  const { accessDays, historyDays } = consentDays(institution);
  const bank = institution.name;
  return (
    <section className={styles.flow} aria-labelledby={headingId}>
      <div className={styles.consentBank}>
        <BankLogo name={bank} logo={institution.logo} size={40} />
        <h3 id={headingId} className={styles.modalHeading}>
          {t(renewal ? 'link.consent.renewHeading' : 'link.consent.heading', { bank })}
        </h3>
      </div>
      <p>{t('link.consent.intro', { bank })}</p>
      <ul className={styles.consentTerms}>
        <li>
          {accessDays === 1
            ? t('link.consent.accessOne')
            : t('link.consent.accessMany', { n: accessDays })}
        </li>
        <li>
          {historyDays === 1
            ? t('link.consent.historyOne')
            : t('link.consent.historyMany', { n: historyDays })}
        </li>
      </ul>
      <p>{t('link.consent.window', { bank })}</p>
      <p className={styles.muted}>{t('link.consent.withdraw')}</p>
      {problem ? <Alert>{problem}</Alert> : null}
      <FormActions align="end">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          {renewal ? t('link.consent.cancel') : t('link.consent.back')}
        </Button>
        <Button busy={busy} onClick={onAccept}>
          {busy ? t('link.consent.starting') : t('link.consent.accept')}
        </Button>
      </FormActions>
    </section>
  );
}

/** While the bank's window is open, and while the accounts are read after it closed. */
function Waiting({ bank, bankWindow }: { bank: string | null; bankWindow: Window | null }) {
  const { t } = useTranslation('bank-accounts');
  return (
    <section className={styles.flow}>
      <h3 className={styles.modalHeading}>{t('link.waiting.heading')}</h3>
      <Spinner
        label={bankWindow ? t('link.waiting.spinner', { bank }) : t('link.waiting.checking')}
      />
      {bankWindow && bank ? (
        <>
          <p>{t('link.waiting.text', { bank })}</p>
          <FormActions align="end">
            <Button variant="secondary" onClick={() => bankWindow.focus()}>
              {t('link.waiting.show')}
            </Button>
          </FormActions>
        </>
      ) : null}
    </section>
  );
}

function ImportInstead({ onImport }: { onImport: () => void }) {
  const { t } = useTranslation('bank-accounts');
  const headingId = useId();
  return (
    <section className={styles.alternative} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.subheading}>
        {t('link.file.heading')}
      </h3>
      <p className={styles.muted}>{t('link.file.text')}</p>
      <Button variant="secondary" icon={<DocumentIcon size={18} />} onClick={onImport}>
        {t('link.file.button')}
      </Button>
    </section>
  );
}

export interface LinkBankFlowProps {
  userId: number;
  /** A renewal's bank: step 1 is skipped, and going back leaves. */
  renewing?: Institution;
  /** The other way: importing a statement file (offered with step 1). */
  onImportFile?: () => void;
  /** How it ended (step 3). */
  onOutcome: (outcome: LinkOutcome) => void;
  onCancel: () => void;
}

export function LinkBankFlow({
  userId,
  renewing,
  onImportFile,
  onOutcome,
  onCancel,
}: LinkBankFlowProps) {
  const { t } = useTranslation('bank-accounts');
  const [phase, setPhase] = useState<Phase>(
    renewing ? { kind: 'consent', institution: renewing } : { kind: 'pick' },
  );
  const initiate = useInitiateBankLink(userId);
  const accounts = useBankAccountsReader(userId);
  // The first word on how it ended wins: the bank's report, or what the accounts show.
  const settled = useRef(false);
  const container = useStepFocus<HTMLDivElement>(phase.kind);

  const finish = (outcome: LinkOutcome) => {
    if (settled.current) return;
    settled.current = true;
    onOutcome(outcome);
  };

  const accept = async (institution: Institution) => {
    try {
      const [{ url }, known] = await Promise.all([
        initiate.mutateAsync({ institutionId: institution.id, ...consentDays(institution) }),
        // Without the links we had, a window that closes silently can only end as unknown.
        accounts.known().catch(() => null),
      ]);
      const bankWindow = openBankWindow(url);
      if (!bankWindow) {
        setPhase({ kind: 'redirecting' });
        window.location.assign(url);
        return;
      }
      const before = known ? linkedAccounts(known.ownedBankAccounts) : null;
      setPhase({ kind: 'waiting', institution, bankWindow, before });
    } catch {
      // The mutation holds the error; the consent step shows it.
    }
  };

  const closedSilently = async () => {
    if (phase.kind !== 'waiting') return;
    const { bankWindow, before } = phase;
    setPhase({ kind: 'checking', bankWindow, before });
    let outcome: LinkOutcome = 'unknown';
    try {
      const after = await accounts.reread();
      if (before && gainedLink(before, linkedAccounts(after.ownedBankAccounts))) {
        outcome = 'success';
      }
    } catch {
      // Not knowing what happened is the unknown outcome.
    }
    finish(outcome);
  };

  const reported = (outcome: LinkOutcome) => {
    if (outcome === 'success') {
      // The tab behind shows the new link; should this read fail, the tab says so itself.
      void accounts.reread().catch(() => undefined);
    }
    finish(outcome);
  };

  const watched = phase.kind === 'waiting' || phase.kind === 'checking' ? phase.bankWindow : null;
  useBankWindow(watched, reported, () => void closedSilently());

  let body;
  if (phase.kind === 'pick') {
    body = (
      <>
        <section className={styles.flow}>
          <h3 className={styles.subheading}>{t('link.pick.heading')}</h3>
          <p>{t('link.pick.intro')}</p>
          <InstitutionPicker
            onPick={(institution) => {
              initiate.reset();
              setPhase({ kind: 'consent', institution });
            }}
          />
        </section>
        {onImportFile ? <ImportInstead onImport={onImportFile} /> : null}
        <FormActions align="end">
          <Button variant="secondary" onClick={onCancel}>
            {t('link.cancel')}
          </Button>
        </FormActions>
      </>
    );
  } else if (phase.kind === 'consent') {
    body = (
      <Consent
        institution={phase.institution}
        renewal={renewing !== undefined}
        busy={initiate.isPending}
        problem={
          initiate.isError ? t('link.consent.failed', { message: errorText(initiate.error) }) : null
        }
        onAccept={() => void accept(phase.institution)}
        onBack={renewing ? onCancel : () => setPhase({ kind: 'pick' })}
      />
    );
  } else if (phase.kind === 'redirecting') {
    body = <Spinner label={t('link.redirecting')} />;
  } else {
    body = (
      <Waiting
        bank={phase.kind === 'waiting' ? phase.institution.name : null}
        bankWindow={phase.kind === 'waiting' ? phase.bankWindow : null}
      />
    );
  }
  return (
    <div ref={container} className={styles.flow}>
      {body}
    </div>
  );
}
