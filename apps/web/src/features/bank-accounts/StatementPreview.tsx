/**
 * What importing a statement would add (per account: IBAN, holder, period, new and already
 * imported lines with the payments those are taken for, opening and closing balance and whether
 * they add up; the skipped lines), with
 * 'Annuleren' / 'Importeren'; and the result after importing.
 */
import type { StatementPreview, StatementResult } from '@helder/shared/bank-accounts';
import { formatEuro } from '@helder/shared/money';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { FormActions } from '../../components/ui/Form';
import { formatDate } from '../users';
import styles from './bank-accounts.module.css';
import { formatIban } from './format';
import { PreviewDuplicates } from './PreviewDuplicates';

type AccountPreview = StatementPreview['accounts'][number];
type Skipped = StatementPreview['skipped'][number];

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function AccountFacts({ account }: { account: AccountPreview }) {
  const { t, i18n } = useTranslation('bank-accounts');
  const headingId = useId();
  const language = i18n.resolvedLanguage ?? 'nl';
  const day = (iso: string | null) => (iso ? formatDate(iso, language) : '–');
  let balance = t('preview.noBalance');
  if (account.balance_matches === true) balance = t('preview.balanceOk');
  if (account.balance_matches === false) balance = t('preview.balanceWrong');
  return (
    <section className={styles.previewAccount} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.iban}>
        {account.iban ? formatIban(account.iban) : t('preview.unknownIban')}
      </h4>
      {account.bank_account_id === null ? (
        <p className={styles.muted}>{t('preview.newAccount')}</p>
      ) : null}
      <dl className={styles.facts}>
        {account.holder_name ? <Fact term={t('preview.holder')}>{account.holder_name}</Fact> : null}
        <Fact term={t('preview.period')}>
          {t('preview.range', { from: day(account.first_date), to: day(account.last_date) })}
        </Fact>
        <Fact term={t('preview.newLines')}>{account.new_count}</Fact>
        <Fact term={t('preview.duplicates')}>{account.duplicate_count}</Fact>
        {account.opening_balance !== null ? (
          <Fact term={t('preview.opening')}>{formatEuro(account.opening_balance)}</Fact>
        ) : null}
        {account.closing_balance !== null ? (
          <Fact term={t('preview.closing')}>{formatEuro(account.closing_balance)}</Fact>
        ) : null}
        <Fact term={t('preview.balance')}>
          <span
            className={
              account.balance_matches === false
                ? styles.bad
                : account.balance_matches
                  ? styles.good
                  : ''
            }
          >
            {balance}
          </span>
        </Fact>
      </dl>
      <PreviewDuplicates account={account} />
    </section>
  );
}

function SkippedLines({ skipped }: { skipped: Skipped[] }) {
  const { t } = useTranslation('bank-accounts');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.subheading}>
        {t('preview.skipped')}
      </h4>
      <ul className={styles.skipped}>
        {skipped.map((line) => (
          <li key={`${line.line}-${line.reason}`}>
            {t('preview.skippedLine', {
              line: line.line,
              reason:
                line.reason === 'currency'
                  ? t('preview.reasonCurrency', { code: line.detail })
                  : t('preview.reasonNotBooked'),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface PreviewViewProps {
  preview: StatementPreview;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

export function PreviewView({ preview, busy, error, onCancel, onConfirm }: PreviewViewProps) {
  const { t } = useTranslation('bank-accounts');
  return (
    <div className={styles.flow}>
      <h3 className={styles.modalHeading}>{t('preview.heading')}</h3>
      <p className={styles.muted}>{t('preview.file', { name: preview.file_name })}</p>
      {error ? <Alert>{error}</Alert> : null}
      {preview.accounts.map((account, index) => (
        <AccountFacts key={account.iban ?? `account-${index}`} account={account} />
      ))}
      {preview.skipped.length > 0 ? <SkippedLines skipped={preview.skipped} /> : null}
      {preview.new_count === 0 ? <Alert tone="info">{t('preview.nothingNew')}</Alert> : null}
      <FormActions align="end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('preview.cancel')}
        </Button>
        <Button onClick={onConfirm} busy={busy} data-autofocus>
          {busy ? t('preview.confirming') : t('preview.confirm')}
        </Button>
      </FormActions>
    </div>
  );
}

export function ResultView({ result, onBack }: { result: StatementResult; onBack: () => void }) {
  const { t } = useTranslation('bank-accounts');
  return (
    <div className={styles.flow}>
      <h3 className={styles.modalHeading}>{t('result.heading')}</h3>
      <Alert tone="success">
        <p>
          {t('result.done', {
            imported: result.new_count,
            duplicates: result.duplicate_count,
          })}
        </p>
        {result.skipped_count > 0 ? (
          <p>{t('result.skipped', { skipped: result.skipped_count })}</p>
        ) : null}
      </Alert>
      <FormActions align="end">
        <Button onClick={onBack} data-autofocus>
          {t('result.back')}
        </Button>
      </FormActions>
    </div>
  );
}
