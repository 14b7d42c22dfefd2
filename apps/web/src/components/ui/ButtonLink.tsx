import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './Button.module.css';
import type { ButtonVariant } from './Button';

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  icon?: ReactNode;
  size?: 'medium' | 'small';
}

/** A link that looks like a button: for actions that go somewhere (e.g. open a modal route). */
export function ButtonLink({
  variant = 'secondary',
  icon,
  size = 'medium',
  className,
  children,
  ...props
}: ButtonLinkProps) {
  const classes = [styles.button, styles[variant], size === 'small' ? styles.small : '', className]
    .filter(Boolean)
    .join(' ');
  return (
    <Link className={classes} {...props}>
      {icon}
      {children}
    </Link>
  );
}
