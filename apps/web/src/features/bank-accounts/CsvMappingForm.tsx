/**
 * Choosing the columns of a CSV statement the server does not recognise: the file's first lines
 * as a table, then which column holds the date (and its notation), the amount (and its decimal
 * mark), an optional debit/credit column with its debit value(s), the counterparty's name and
 * IBAN, the description (one or more columns), the own account and the currency. Submitting
 * uploads the file again with this mapping.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { CheckboxField } from '../../components/ui/ChoiceFields';
import { Form, FormActions } from '../../components/ui/Form';
import fieldStyles from '../../components/ui/TextField.module.css';
import { FieldError } from '../../components/ui/TextField';
import styles from './bank-accounts.module.css';
import {
  dateFormatLabel,
  guessDraft,
  sampleRows,
  toMapping,
  type CsvSample,
  type MappingDraft,
} from './csv-mapping';
import {
  CSV_DATE_FORMATS,
  CSV_DECIMALS,
  CSV_DELIMITERS,
  type CsvDateFormat,
  type CsvDecimal,
  type CsvDelimiter,
} from '@helder/shared/bank-accounts/client';
import type { CsvMapping } from '@helder/shared/bank-accounts';

const DELIMITER_KEYS = { ',': 'comma', ';': 'semicolon', '\t': 'tab' } as const;
const DECIMAL_KEYS = { ',': 'comma', '.': 'dot' } as const;

interface SelectFieldProps {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
}

function SelectField({ label, value, options, onChange, error, hint }: SelectFieldProps) {
  const id = useId();
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean);
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select
        id={id}
        className={fieldStyles.select}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described.length > 0 ? described.join(' ') : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export interface CsvMappingFormProps {
  sample: CsvSample;
  busy: boolean;
  /** Why the last upload with a mapping failed. */
  error: string | null;
  onSubmit: (mapping: CsvMapping) => void;
  onCancel: () => void;
}

export function CsvMappingForm({ sample, busy, error, onSubmit, onCancel }: CsvMappingFormProps) {
  const { t } = useTranslation('bank-accounts');
  const dateLetters = {
    day: t('mapping.dateLetters.day'),
    month: t('mapping.dateLetters.month'),
    year: t('mapping.dateLetters.year'),
  };
  const headingId = useId();
  const debitId = useId();
  const [draft, setDraft] = useState<MappingDraft>(() => guessDraft(sample));
  const [submitted, setSubmitted] = useState(false);

  const rows = sampleRows(sample.lines, draft.delimiter);
  const width = Math.max(1, ...rows.map((row) => row.length));
  const columns = Array.from({ length: width }, (_, index) => index);
  const names = rows[0] ?? [];
  const columnLabel = (index: number) => {
    const name = names[index];
    return name
      ? t('mapping.columnNamed', { n: index + 1, name })
      : t('mapping.column', { n: index + 1 });
  };
  const columnOptions = (empty: string) => [
    { value: '', label: empty },
    ...columns.map((index) => ({ value: String(index), label: columnLabel(index) })),
  ];
  const set = <K extends keyof MappingDraft>(key: K, value: MappingDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const toggleDescription = (index: number) =>
    setDraft((current) => ({
      ...current,
      description: current.description.includes(index)
        ? current.description.filter((other) => other !== index)
        : [...current.description, index].sort((a, b) => a - b),
    }));

  const required = (value: string) =>
    submitted && value === '' ? t('mapping.required') : undefined;
  const debitMissing =
    submitted && draft.debitCredit !== '' && draft.debitValues.trim().replace(/,/g, '') === '';

  return (
    <Form
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        const mapping = toMapping(draft);
        if (mapping) onSubmit(mapping);
      }}
    >
      <h3 id={headingId} className={styles.modalHeading}>
        {t('mapping.heading')}
      </h3>
      <p>{t('mapping.intro')}</p>
      {error ? <Alert>{error}</Alert> : null}

      <div
        className={styles.sampleScroller}
        role="region"
        aria-label={t('mapping.sample')}
        // The sample may be wider than the modal: keyboard users scroll it with focus on it.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region
        tabIndex={0}
      >
        <table className={styles.sample}>
          <caption className="visually-hidden">{t('mapping.sample')}</caption>
          <thead>
            <tr>
              {columns.map((index) => (
                <th key={index} scope="col">
                  {t('mapping.column', { n: index + 1 })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => (
              <tr
                key={rowIndex}
                className={draft.hasHeader && rowIndex === 0 ? styles.headerRow : ''}
              >
                {columns.map((index) => (
                  <td key={index}>{row[index] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className={styles.mappingGrid}>
        <SelectField
          label={t('mapping.delimiter')}
          value={draft.delimiter}
          options={CSV_DELIMITERS.map((value) => ({
            value,
            label: t(`mapping.delimiters.${DELIMITER_KEYS[value]}`),
          }))}
          onChange={(value) => set('delimiter', value as CsvDelimiter)}
        />
        <CheckboxField
          label={t('mapping.hasHeader')}
          checked={draft.hasHeader}
          onChange={(event) => set('hasHeader', event.target.checked)}
        />
        <SelectField
          label={t('mapping.date')}
          value={draft.date}
          options={columnOptions(t('mapping.choose'))}
          onChange={(value) => set('date', value)}
          error={required(draft.date)}
        />
        <SelectField
          label={t('mapping.dateFormat')}
          value={draft.dateFormat}
          options={CSV_DATE_FORMATS.map((value) => ({
            value,
            label: dateFormatLabel(value, dateLetters),
          }))}
          onChange={(value) => set('dateFormat', value as CsvDateFormat)}
        />
        <SelectField
          label={t('mapping.amount')}
          value={draft.amount}
          options={columnOptions(t('mapping.choose'))}
          onChange={(value) => set('amount', value)}
          error={required(draft.amount)}
        />
        <SelectField
          label={t('mapping.decimal')}
          value={draft.decimal}
          options={CSV_DECIMALS.map((value) => ({
            value,
            label: t(`mapping.decimals.${DECIMAL_KEYS[value]}`),
          }))}
          onChange={(value) => set('decimal', value as CsvDecimal)}
        />
        <SelectField
          label={t('mapping.debitCredit')}
          value={draft.debitCredit}
          options={columnOptions(t('mapping.none'))}
          onChange={(value) => set('debitCredit', value)}
        />
        {draft.debitCredit !== '' ? (
          <div className={fieldStyles.field}>
            <label htmlFor={debitId} className={fieldStyles.label}>
              {t('mapping.debitValues')}
            </label>
            <input
              id={debitId}
              className={fieldStyles.input}
              value={draft.debitValues}
              onChange={(event) => set('debitValues', event.target.value)}
              aria-invalid={debitMissing || undefined}
              aria-describedby={`${debitId}-hint${debitMissing ? ` ${debitId}-error` : ''}`}
            />
            <p id={`${debitId}-hint`} className={fieldStyles.hint}>
              {t('mapping.debitValuesHint')}
            </p>
            <FieldError
              id={`${debitId}-error`}
              error={debitMissing ? t('mapping.debitValuesRequired') : undefined}
            />
          </div>
        ) : null}
        <SelectField
          label={t('mapping.counterpartyName')}
          value={draft.counterpartyName}
          options={columnOptions(t('mapping.none'))}
          onChange={(value) => set('counterpartyName', value)}
        />
        <SelectField
          label={t('mapping.counterpartyIban')}
          value={draft.counterpartyIban}
          options={columnOptions(t('mapping.none'))}
          onChange={(value) => set('counterpartyIban', value)}
        />
        <SelectField
          label={t('mapping.account')}
          value={draft.account}
          options={columnOptions(t('mapping.none'))}
          onChange={(value) => set('account', value)}
        />
        <SelectField
          label={t('mapping.currency')}
          value={draft.currency}
          options={columnOptions(t('mapping.none'))}
          onChange={(value) => set('currency', value)}
        />
      </div>

      <fieldset className={styles.columnChoices}>
        <legend className={fieldStyles.label}>{t('mapping.description')}</legend>
        {columns.map((index) => (
          <CheckboxField
            key={index}
            label={columnLabel(index)}
            checked={draft.description.includes(index)}
            onChange={() => toggleDescription(index)}
          />
        ))}
      </fieldset>

      <FormActions align="end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('mapping.cancel')}
        </Button>
        <Button type="submit" busy={busy}>
          {t('mapping.submit')}
        </Button>
      </FormActions>
    </Form>
  );
}
