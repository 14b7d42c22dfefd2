import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { CharacterCounter } from './CharacterCounter';
import fieldStyles from './TextField.module.css';
import { FieldError } from './TextField';
import styles from './TextArea.module.css';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  /** Error text: shown below the field (role="alert") and linked with aria-describedby. */
  error?: string | undefined;
  hint?: string | undefined;
  /** A live character counter ('n / max'; the length is the caller's: the field may be uncontrolled). */
  counter?: { length: number; max: number } | undefined;
  /** Marks the control invalid without a message of its own (e.g. a failed save). */
  invalid?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
  id?: string;
}

/** A labelled multi-line text field; Enter makes a new line (it does not submit the form). */
export function TextArea({
  label,
  error,
  hint,
  counter,
  invalid = false,
  id,
  className,
  rows = 5,
  'aria-describedby': describedBy,
  ...props
}: TextAreaProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const counterId = counter ? `${inputId}-counter` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedByIds =
    [describedBy, hintId, counterId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={fieldStyles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
      <textarea
        id={inputId}
        rows={rows}
        className={`${fieldStyles.input} ${styles.textarea}`}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedByIds}
        {...props}
      />
      {counter && counterId ? (
        <CharacterCounter id={counterId} length={counter.length} max={counter.max} />
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
