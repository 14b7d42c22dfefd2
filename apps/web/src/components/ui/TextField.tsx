import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './TextField.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Error text: shown below the input (role="alert") and linked with aria-describedby. */
  error?: string | undefined;
  hint?: string | undefined;
  /** Something rendered inside the input's right edge (e.g. a show-password toggle). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  id?: string;
}

/**
 * A field's error below it: announced when it appears (role="alert"), and named by the input's
 * aria-describedby through `id`. Nothing without an error.
 */
export function FieldError({
  id,
  error,
}: {
  id: string | undefined;
  error: string | null | undefined;
}) {
  return error ? (
    <p id={id} role="alert" className={styles.error}>
      {error}
    </p>
  ) : null;
}

/**
 * An address is typed as it is: an e-mail or URL field gets the keyboard of its kind, no
 * automatic capital and no spelling check (a field's own props still win).
 */
const addressInput = (type: string | undefined) =>
  type === 'email' || type === 'url'
    ? ({ inputMode: type, autoCapitalize: 'none', spellCheck: false } as const)
    : {};

export function TextField({
  label,
  error,
  hint,
  trailing,
  id,
  className,
  'aria-describedby': describedBy,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedByIds = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={styles.control}>
        <input
          id={inputId}
          className={`${styles.input} ${trailing ? styles.withTrailing : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds}
          {...addressInput(inputProps.type)}
          {...inputProps}
        />
        {trailing ? <div className={styles.trailing}>{trailing}</div> : null}
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** Moves the caret after a lone minus that it is in front of, or that is selected. */
function afterLoneMinus(input: HTMLInputElement) {
  if (input.value === '-' && input.selectionStart === 0) input.setSelectionRange(1, 1);
}

/**
 * An amount in euros: typed as text (a comma or a point, a minus) on a keyboard with digits, and
 * never filled in from an earlier form. A lone minus in the field (a new payment starts with one)
 * stays in front of what is typed, where tabbing in selects it and a click can land before it:
 * a typed key moves the caret first, and so does focus once the browser has placed it (a phone's
 * keyboard does not say which key it types).
 */
export function AmountField({ onFocus, onKeyDown, ...props }: TextFieldProps) {
  return (
    <TextField
      inputMode="decimal"
      autoComplete="off"
      onFocus={(event) => {
        const input = event.currentTarget;
        setTimeout(() => {
          if (document.activeElement === input) afterLoneMinus(input);
        });
        onFocus?.(event);
      }}
      onKeyDown={(event) => {
        if (event.key.length === 1 && event.key !== '-') afterLoneMinus(event.currentTarget);
        onKeyDown?.(event);
      }}
      {...props}
    />
  );
}
