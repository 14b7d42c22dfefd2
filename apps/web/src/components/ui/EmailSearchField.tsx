import type { InputHTMLAttributes, Ref } from 'react';
import fieldStyles from './TextField.module.css';

interface EmailSearchFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'className'
> {
  id: string;
  label: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A labelled search box for people by e-mail address: an e-mail keyboard on phones, and no
 * autocomplete, capitals or spelling marks getting in the way of an address.
 */
export function EmailSearchField({ id, label, inputRef, ...input }: EmailSearchFieldProps) {
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        className={fieldStyles.input}
        {...input}
      />
    </div>
  );
}
