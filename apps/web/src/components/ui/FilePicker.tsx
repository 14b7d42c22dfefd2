import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import buttonStyles from './Button.module.css';
import styles from './FilePicker.module.css';

export interface FilePickerProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'id' | 'children'
> {
  id: string;
  /** The button's text; 'Bestand kiezen' unless the screen has its own. */
  chooseLabel?: string;
  /**
   * What is chosen, beside the button: the file's name, or the caller's own list; `undefined`
   * says 'Geen bestand gekozen', `null` shows nothing (the caller lists the files elsewhere).
   */
  chosen?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A file field in the interface's language and look. The browser's own control speaks the
 * browser's language ('Choose File'), so it is kept, focusable and operable from the keyboard
 * (Enter or Space opens the file dialog), but invisible; its visible face is a label styled as a
 * button, which takes the focus ring, and the chosen file's name.
 */
export function FilePicker({ id, chooseLabel, chosen, className, ref, ...input }: FilePickerProps) {
  const { t } = useTranslation();
  const buttonId = `${id}-button`;
  return (
    <div className={[styles.picker, className].filter(Boolean).join(' ')}>
      <input ref={ref} id={id} type="file" className={styles.input} {...input} />
      <label
        id={buttonId}
        htmlFor={id}
        className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.button}`}
      >
        {chooseLabel ?? t('filePicker.choose')}
      </label>
      {chosen === null ? null : (
        <span className={styles.chosen}>{chosen ?? t('filePicker.none')}</span>
      )}
    </div>
  );
}
