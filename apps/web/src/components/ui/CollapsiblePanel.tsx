/**
 * A section collapsed behind the toggle in its heading. The body is rendered only while open, so
 * what it holds (a lazy chunk, its catalog, its requests) costs a page nothing until asked for:
 * 'Grafieken' and 'Geschiedenis' (docs/decisions/0027).
 */
import { Suspense, useId, useState, type ReactNode } from 'react';
import styles from './CollapsiblePanel.module.css';

export interface CollapsiblePanelProps {
  heading: string;
  /** The heading's level where it sits: 2 on a page, 3 inside a section with an h2. */
  level?: 2 | 3;
  /** Shown while a lazy body loads. */
  fallback?: ReactNode;
  /** Lays out the body's content beside the panel's own padding. */
  bodyClassName?: string;
  children: ReactNode;
}

export function CollapsiblePanel({
  heading,
  level = 2,
  fallback = null,
  bodyClassName,
  children,
}: CollapsiblePanelProps) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.panel} aria-labelledby={`${bodyId}-heading`}>
      <Heading id={`${bodyId}-heading`} className={styles.heading}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((was) => !was)}
        >
          <span aria-hidden="true" className={styles.chevron} data-open={open} />
          {heading}
        </button>
      </Heading>
      <div
        id={bodyId}
        hidden={!open}
        className={bodyClassName ? `${styles.body} ${bodyClassName}` : styles.body}
      >
        {open ? <Suspense fallback={fallback}>{children}</Suspense> : null}
      </div>
    </section>
  );
}
