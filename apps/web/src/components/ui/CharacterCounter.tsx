import styles from './CharacterCounter.module.css';

export interface CharacterCounterProps {
  /** For the field's aria-describedby. */
  id: string;
  length: number;
  max: number;
}

/**
 * The live character count below a text field, written one way everywhere ('5 / 128'), marked
 * when over the maximum. The length is the caller's: the field may be uncontrolled.
 */
export function CharacterCounter({ id, length, max }: CharacterCounterProps) {
  return (
    <p
      id={id}
      aria-live="polite"
      className={`${styles.counter} ${length > max ? styles.over : ''}`}
    >
      {length} / {max}
    </p>
  );
}
