import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './charts.module.css';

/**
 * 'Toon als tabel': the chart's numbers as a real table, for whoever does not read the picture
 * (screen readers, keyboard, high zoom). `children` is the table's rows and head.
 */
export function TableToggle({ caption, children }: { caption: string; children: ReactNode }) {
  const { t } = useTranslation('charts');
  const [open, setOpen] = useState(false);
  const tableId = useId();
  return (
    <>
      <button
        type="button"
        className={styles.tableToggle}
        aria-expanded={open}
        aria-controls={tableId}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? t('hideTable') : t('showTable')}
      </button>
      <div id={tableId} hidden={!open} className={styles.tableWrap}>
        <table className={styles.table}>
          <caption>{caption}</caption>
          {children}
        </table>
      </div>
    </>
  );
}
