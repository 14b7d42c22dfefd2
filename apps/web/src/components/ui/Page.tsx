import type { ReactNode } from 'react';
import styles from './Page.module.css';

/** A narrow, centred card for single-form pages (password pages, permission checker). */
export function FormPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={styles.formPage} aria-labelledby="form-page-title">
      <h1 id="form-page-title" className={styles.title}>
        {title}
      </h1>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
    </section>
  );
}
