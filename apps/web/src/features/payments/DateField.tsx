/**
 * A day input: typed as dd-mm-jjjj, or picked in a calendar that opens beside it (a Radix
 * popover: Escape closes only the calendar, and focus returns to its button).
 */
import { Popover } from 'radix-ui';
import { useId, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import fieldStyles from '../../components/ui/TextField.module.css';
import { FieldError } from '../../components/ui/TextField';
import { CalendarIcon } from '../../components/ui/icons';
import { Calendar } from './Calendar';
import { dayToText, parseDayText } from '../../lib/dates';
import styles from './date-field.module.css';

export interface DateFieldProps {
  label: string;
  /** The text as typed (dd-mm-jjjj). */
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  name?: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

export function DateField({ label, value, onChange, onBlur, name, error, ref }: DateFieldProps) {
  const { t } = useTranslation('payment-forms');
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <p id={hintId} className={fieldStyles.hint}>
        {t('date.hint')}
      </p>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <div className={styles.dateControl}>
          <input
            ref={ref}
            id={id}
            name={name}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('date.placeholder')}
            className={fieldStyles.input}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          />
          <Popover.Trigger asChild>
            <button
              type="button"
              className={styles.calendarButton}
              aria-label={t('date.open', { label: label.toLowerCase() })}
              title={t('date.open', { label: label.toLowerCase() })}
            >
              <CalendarIcon />
            </button>
          </Popover.Trigger>
        </div>
        {/* Not in a portal: it stays inside the modal's focus trap. */}
        <Popover.Content
          className={styles.popover}
          align="end"
          sideOffset={4}
          collisionPadding={8}
          aria-label={t('date.calendar', { label })}
          // The calendar focuses its day itself.
          onOpenAutoFocus={(event) => event.preventDefault()}
        >
          <Calendar
            selected={parseDayText(value)}
            onSelect={(day) => {
              onChange(dayToText(day));
              setOpen(false);
            }}
          />
        </Popover.Content>
      </Popover.Root>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
