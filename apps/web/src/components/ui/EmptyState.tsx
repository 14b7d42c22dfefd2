import type { ReactNode } from 'react';
import styles from './EmptyState.module.css';
import { InboxIcon } from './icons';

export interface EmptyStateProps {
  /** The spec's empty text, e.g. 'Geen gegevens gevonden'. */
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
}

export function EmptyState({ title, children, icon }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <span className={styles.icon}>{icon ?? <InboxIcon size={32} />}</span>
      <p className={styles.title}>{title}</p>
      {children ? <div className={styles.body}>{children}</div> : null}
    </div>
  );
}
