/**
 * Choice controls beside TextField: a radio group (fieldset + legend) and a checkbox, styled
 * like TextField.
 */
import { useId, type InputHTMLAttributes, type Ref } from 'react';
import styles from './ChoiceFields.module.css';
import fieldStyles from './TextField.module.css';
import { FieldError } from './TextField';

interface RadioOption {
  value: string;
  label: string;
}

export interface RadioGroupFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'id' | 'value'
> {
  legend: string;
  options: RadioOption[];
  /** The chosen option, for a controlled group (react-hook-form's groups leave it out). */
  selected?: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A single choice: native radio buttons in a fieldset with a legend (arrow keys move between
 * them). `register()`'s props go to every radio; the ref lands on each, which react-hook-form
 * handles for radio groups.
 */
export function RadioGroupField({
  legend,
  options,
  selected,
  error,
  ref,
  ...inputProps
}: RadioGroupFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className={styles.fieldset} aria-describedby={errorId}>
      <legend className={fieldStyles.label}>{legend}</legend>
      <div className={styles.options}>
        {options.map((option) => (
          <label key={option.value} className={styles.choice}>
            <input
              type="radio"
              value={option.value}
              ref={ref}
              {...(selected === undefined ? {} : { checked: option.value === selected })}
              {...inputProps}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

export interface CheckboxFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'id'
> {
  label: string;
  hint?: string;
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ label, hint, invalid = false, ...props }: CheckboxFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={styles.checkboxField}>
      <label className={styles.choice}>
        <input
          type="checkbox"
          aria-describedby={hintId}
          aria-invalid={invalid || undefined}
          {...props}
        />
        <span>{label}</span>
      </label>
      {hint ? (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
