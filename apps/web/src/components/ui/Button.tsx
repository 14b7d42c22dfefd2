import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './Button.module.css';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a spinner and sets aria-busy; the caller decides the (busy) label text. */
  busy?: boolean;
  icon?: ReactNode;
  fullWidth?: boolean;
  /** As ButtonLink's: 'small' for an action beside a list's heading. */
  size?: 'medium' | 'small';
}

/** A real <button>; `type="button"` unless said otherwise, so it never submits by accident. */
export function Button({
  variant = 'primary',
  busy = false,
  icon,
  fullWidth = false,
  size = 'medium',
  type = 'button',
  className,
  children,
  disabled,
  ...props
}: ButtonProps) {
  const classes = [
    styles.button,
    styles[variant],
    fullWidth ? styles.fullWidth : '',
    size === 'small' ? styles.small : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled ?? busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy ? <Spinner size="small" decorative /> : icon}
      {children}
    </button>
  );
}
