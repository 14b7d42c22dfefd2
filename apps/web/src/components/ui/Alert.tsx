import type { ReactNode } from 'react';
import styles from './Alert.module.css';
import { AlertIcon, CheckIcon } from './icons';

export interface AlertProps {
  tone?: 'error' | 'success' | 'info';
  id?: string;
  children: ReactNode;
}

/** A message box. Errors are announced (role="alert"), success and info politely (role="status"). */
export function Alert({ tone = 'error', id, children }: AlertProps) {
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`${styles.alert} ${styles[tone]}`}
    >
      {tone === 'success' ? (
        <CheckIcon className={styles.icon} />
      ) : (
        <AlertIcon className={styles.icon} />
      )}
      <div className={styles.body}>{children}</div>
    </div>
  );
}
