/**
 * A picture input (profile photo, initiative/activity picture): label and hint, the current
 * picture with a remove button, the file picker with the chosen file's name, and the error. Only the image types the server accepts are passed on.
 */
import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Button } from './Button';
import { FilePicker } from './FilePicker';
import styles from './PictureUpload.module.css';
import fieldStyles from './TextField.module.css';
import { FieldError } from './TextField';

/** Pictures the server accepts (sniffed there as well): images only. */
const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export interface PictureUploadProps {
  label: string;
  hint: string;
  /** The visible button's text. */
  chooseLabel: string;
  /** Shown while no file is chosen. */
  noneChosenLabel: string;
  /** The current picture, if there is one. */
  current?: ReactNode;
  /** The chosen file. */
  file: File | null;
  /** The error message under the input. */
  error: string | null;
  /** Marks the input invalid without a message of its own (e.g. a failed save). */
  invalid?: boolean;
  /** A chosen image, or null when the choice was cleared. */
  onChange: (file: File | null) => void;
  /** A chosen file that is not an accepted image (the input is cleared again). */
  onNotImage: () => void;
  /** Offered beside the current picture (only while there is one). */
  remove?: { label: string; onRemove: () => void };
}

/**
 * What a form holds for its picture until it is saved: a chosen file, or the current picture
 * removed (a chosen file replaces the picture anyway), and the message of a wrong choice or a
 * failed save. `bind` gives the input its file and handlers.
 */
export function usePictureChoice<Message extends string>(notImage: Message) {
  const [file, setFile] = useState<File | null>(null);
  const [removed, setRemoved] = useState(false);
  const [error, setError] = useState<Message | null>(null);
  return {
    file,
    removed,
    error,
    /** A save failed with `message`; a failed removal shows the picture again, to retry. */
    fail: (message: Message) => {
      setError(message);
      setRemoved(false);
    },
    remove: () => {
      setError(null);
      setRemoved(true);
    },
    bind: {
      file,
      onChange: (chosen: File | null) => {
        setError(null);
        setFile(chosen);
      },
      onNotImage: () => {
        setFile(null);
        setError(notImage);
      },
    },
  };
}

export function PictureUpload({
  label,
  hint,
  chooseLabel,
  noneChosenLabel,
  current,
  file,
  error,
  invalid = false,
  onChange,
  onNotImage,
  remove,
}: PictureUploadProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (chosen && !(PICTURE_TYPES as readonly string[]).includes(chosen.type)) {
      onNotImage();
      event.target.value = '';
      return;
    }
    onChange(chosen);
  };

  return (
    <div className={fieldStyles.field}>
      <span id={labelId} className={fieldStyles.label}>
        {label}
      </span>
      <p id={hintId} className={fieldStyles.hint}>
        {hint}
      </p>
      <div className={styles.row}>
        {current}
        {current && remove ? (
          <Button
            variant="secondary"
            aria-describedby={labelId}
            onClick={() => {
              remove.onRemove();
              // The button goes with the picture: keep the keyboard focus in the field.
              inputRef.current?.focus();
            }}
          >
            {remove.label}
          </Button>
        ) : null}
        <FilePicker
          ref={inputRef}
          id={id}
          accept={PICTURE_TYPES.join(',')}
          chooseLabel={chooseLabel}
          chosen={file ? file.name : noneChosenLabel}
          // The picker's button is `${id}-button`.
          aria-labelledby={`${labelId} ${id}-button`}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error || invalid ? true : undefined}
          onChange={onInputChange}
        />
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
