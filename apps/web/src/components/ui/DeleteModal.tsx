import type { ReactNode } from 'react';
import type { NavigateOptions, To } from 'react-router';
import { Alert } from './Alert';
import { Button } from './Button';
import { FormActions } from './Form';
import { RouteModal } from './Modal';
import { Spinner } from './Spinner';
import styles from './DeleteModal.module.css';

export interface DeleteModalProps {
  title: string;
  /** The question ('Weet je zeker dat …?'); leave it out while what it names is not loaded. */
  text?: ReactNode;
  /** Shown under the question, e.g. what is deleted with it. */
  warning?: ReactNode;
  /** What is to be deleted is loading. */
  loading?: boolean;
  /** What is to be deleted could not be loaded. */
  loadError?: ReactNode;
  /** Why deleting failed. */
  error?: ReactNode;
  labels: { cancel: string; confirm: string; busy: string };
  /** Deleting: the modal cannot close and the buttons wait. */
  busy: boolean;
  /** Keeps the delete button off, e.g. while there is nothing loaded to delete. */
  disabled?: boolean;
  /** Deletes; call `close` (with where to go, if not `closeTo`) once it is done. */
  onConfirm: (close: (to?: To, options?: NavigateOptions) => void) => void;
  /** Where cancelling goes; the parent route when unset. */
  closeTo?: To;
}

/** The one confirm-and-delete modal route. */
export function DeleteModal({
  title,
  text,
  warning,
  loading = false,
  loadError,
  error,
  labels,
  busy,
  disabled = false,
  onConfirm,
  closeTo,
}: DeleteModalProps) {
  return (
    <RouteModal title={title} busy={busy} size="small" closeTo={closeTo}>
      {(close) => (
        <>
          {error ? <Alert>{error}</Alert> : null}
          {loading ? <Spinner /> : null}
          {loadError ? <Alert>{loadError}</Alert> : null}
          {text ? (
            <div className={styles.confirm}>
              <p>{text}</p>
              {warning ? <p className={styles.warning}>{warning}</p> : null}
            </div>
          ) : null}
          <FormActions align="end">
            {/* The safe action has the focus when it opens: Enter must not delete. */}
            <Button variant="secondary" onClick={() => close()} disabled={busy} data-autofocus>
              {labels.cancel}
            </Button>
            <Button
              variant="danger"
              busy={busy}
              disabled={disabled || busy}
              onClick={() => onConfirm(close)}
            >
              {busy ? labels.busy : labels.confirm}
            </Button>
          </FormActions>
        </>
      )}
    </RouteModal>
  );
}

export interface DeleteLoadedModalProps<T> extends Pick<
  DeleteModalProps,
  'title' | 'warning' | 'labels' | 'closeTo'
> {
  /** What is to be deleted, as its query gives it. */
  load: { data?: T | undefined; isPending: boolean; isError: boolean };
  remove: {
    isPending: boolean;
    isError: boolean;
    mutate: (variables: undefined, options: { onSuccess: () => void }) => void;
  };
  /** The question, once what it names is loaded. */
  text: (loaded: T) => ReactNode;
  /** Shown when what is to be deleted cannot be loaded. */
  notFound: ReactNode;
  /** Shown when deleting failed. */
  failed: ReactNode;
  /** Where to go once deleted; the parent route when unset. */
  doneTo?: To;
}

/** The delete confirmation of something loaded first: waits for it, then deletes it. */
export function DeleteLoadedModal<T>({
  load,
  remove,
  text,
  notFound,
  failed,
  doneTo,
  ...modal
}: DeleteLoadedModalProps<T>) {
  return (
    <DeleteModal
      {...modal}
      text={load.data === undefined ? undefined : text(load.data)}
      loading={load.isPending}
      loadError={load.isError && notFound}
      error={remove.isError && failed}
      busy={remove.isPending}
      disabled={load.data === undefined}
      onConfirm={(close) => remove.mutate(undefined, { onSuccess: () => close(doneTo) })}
    />
  );
}
