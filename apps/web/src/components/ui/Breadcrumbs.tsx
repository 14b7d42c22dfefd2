import { Link, type To } from 'react-router';
import styles from './Breadcrumbs.module.css';
import { ChevronRightIcon } from './icons';

export interface Crumb {
  label: string;
  /** Omitted for the current page (the last crumb). */
  to?: To | undefined;
}

/** A breadcrumb trail: a labelled nav with an ordered list; the last crumb is the current page. */
export function Breadcrumbs({ label, items }: { label: string; items: Crumb[] }) {
  return (
    <nav aria-label={label} className={styles.nav}>
      <ol className={styles.list}>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={index} className={styles.item}>
              {index > 0 ? <ChevronRightIcon size={16} className={styles.separator} /> : null}
              {item.to !== undefined && !last ? (
                <Link to={item.to} className={styles.link}>
                  {item.label}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined} className={styles.current}>
                  {item.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
