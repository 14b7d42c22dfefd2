import type { FormHTMLAttributes, ReactNode } from 'react';
import styles from './Form.module.css';

/** A real <form> (Enter submits) with the standard vertical rhythm; noValidate: we validate. */
export function Form({ className, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  return (
    <form noValidate className={[styles.form, className].filter(Boolean).join(' ')} {...props} />
  );
}

/** Row of form buttons; `between` puts a secondary link left of the submit button. */
export function FormActions({
  children,
  align = 'between',
}: {
  children: ReactNode;
  align?: 'between' | 'end';
}) {
  return <div className={`${styles.actions} ${align === 'end' ? styles.end : ''}`}>{children}</div>;
}
