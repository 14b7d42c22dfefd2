import { useTranslation } from 'react-i18next';
import styles from './Spinner.module.css';

export interface SpinnerProps {
  /** Accessible label; defaults to "Laden...". */
  label?: string;
  size?: 'small' | 'medium' | 'large';
  /** Inside a busy button: purely visual, the button text says what happens. */
  decorative?: boolean;
}

export function Spinner({ label, size = 'medium', decorative = false }: SpinnerProps) {
  const { t } = useTranslation();
  const circle = <span className={`${styles.circle} ${styles[size]}`} aria-hidden="true" />;
  if (decorative) return circle;
  return (
    <span role="status" className={styles.wrapper}>
      {circle}
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </span>
  );
}

/** A centred spinner for a page or a route that is loading. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className={styles.page}>
      <Spinner size="large" {...(label ? { label } : {})} />
    </div>
  );
}
