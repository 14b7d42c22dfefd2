/**
 * What importing a statement would add (per account: IBAN, bank, holder, period, new and already
 * imported lines with the payments those are taken for, opening and closing balance and whether
 * they add up; the skipped lines), with 'Annuleren' / 'Importeren'; and the result after
 * importing. An account number without an IBAN whose bank the file does not name asks for the
 * bank first.
 */
import type { StatementPreview, StatementResult } from '@helder/shared/bank-accounts';
import { DUTCH_INSTITUTIONS } from '@helder/shared/bank-accounts/client';
import { formatEuro } from '@helder/shared/money';
import { useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { FormActions } from '../../components/ui/Form';
import fieldStyles from '../../components/ui/TextField.module.css';
import { formatDate } from '../../lib/dates';
import styles from './bank-accounts.module.css';
import { formatIban } from '../../lib/iban';
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
        {account.institution_name ? (
          <Fact term={t('preview.bank')}>{account.institution_name}</Fact>
        ) : null}
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
  const reasons: Record<Skipped['reason'], (line: Skipped) => string> = {
    currency: (line) => t('preview.reasonCurrency', { code: line.detail }),
    not_booked: () => t('preview.reasonNotBooked'),
    zero_amount: () => t('preview.reasonZeroAmount'),
  };
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.subheading}>
        {t('preview.skipped')}
      </h4>
      <ul className={styles.skipped}>
        {skipped.map((line) => (
          <li key={`${line.line}-${line.reason}`}>
            {t('preview.skippedLine', { line: line.line, reason: reasons[line.reason](line) })}
          </li>
        ))}
      </ul>
    </section>
  );
}

interface BankChoiceProps {
  bank: string;
  missing: boolean;
  disabled: boolean;
  onBank: (bank: string) => void;
  selectRef: Ref<HTMLSelectElement>;
}

/** The bank of the file's account numbers, when the file does not say (one bank per file). */
function BankChoice({ bank, missing, disabled, onBank, selectRef }: BankChoiceProps) {
  const { t } = useTranslation('bank-accounts');
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {t('preview.chooseBank')}
      </label>
      <select
        id={id}
        ref={selectRef}
        className={fieldStyles.select}
        value={bank}
        disabled={disabled}
        required
        aria-invalid={missing ? true : undefined}
        aria-describedby={`${id}-hint${missing ? ` ${id}-missing` : ''}`}
        onChange={(event) => onBank(event.target.value)}
      >
        <option value="">{t('preview.bankPlaceholder')}</option>
        {DUTCH_INSTITUTIONS.map((institution) => (
          <option key={institution.bic} value={institution.bic}>
            {institution.name}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        {t('preview.chooseBankHint')}
      </p>
      {missing ? <Alert id={`${id}-missing`}>{t('preview.bankRequired')}</Alert> : null}
    </div>
  );
}

export interface PreviewViewProps {
  preview: StatementPreview;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  /** `bank`: the BIC chosen for account numbers whose bank the file does not name. */
  onConfirm: (bank?: string) => void;
}

export function PreviewView({ preview, busy, error, onCancel, onConfirm }: PreviewViewProps) {
  const { t } = useTranslation('bank-accounts');
  const needsBank = preview.accounts.some((account) => account.bank_required);
  const [bank, setBank] = useState('');
  const [missing, setMissing] = useState(false);
  const bankSelect = useRef<HTMLSelectElement>(null);
  const confirm = () => {
    if (needsBank && bank === '') {
      setMissing(true);
      bankSelect.current?.focus();
      return;
    }
    onConfirm(needsBank ? bank : undefined);
  };
  return (
    <div className={styles.flow}>
      <h3 className={styles.modalHeading}>{t('preview.heading')}</h3>
      <p className={styles.muted}>{t('preview.file', { name: preview.file_name })}</p>
      {error ? <Alert>{error}</Alert> : null}
      {needsBank ? (
        <BankChoice
          bank={bank}
          missing={missing && bank === ''}
          disabled={busy}
          onBank={setBank}
          selectRef={bankSelect}
        />
      ) : null}
      {preview.accounts.map((account, index) => (
        <AccountFacts key={account.iban ?? `account-${index}`} account={account} />
      ))}
      {preview.skipped.length > 0 ? <SkippedLines skipped={preview.skipped} /> : null}
      {preview.new_count === 0 ? <Alert tone="info">{t('preview.nothingNew')}</Alert> : null}
      <FormActions align="end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('preview.cancel')}
        </Button>
        <Button onClick={confirm} busy={busy} data-autofocus>
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
      {result.possible_duplicate_count ? (
        <Alert tone="info">
          <p>{t('result.possibleDuplicates', { count: result.possible_duplicate_count })}</p>
        </Alert>
      ) : null}
      <FormActions align="end">
        <Button onClick={onBack} data-autofocus>
          {t('result.back')}
        </Button>
      </FormActions>
    </div>
  );
}
