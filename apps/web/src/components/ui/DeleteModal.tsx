import { Alert } from './Alert';
import { Button } from './Button';
import { FormActions } from './Form';
import { RouteModal } from './Modal';
import { Spinner } from './Spinner';
import styles from './DeleteModal.module.css';

export interface DeleteModalProps<T> {
  title: string;
  /** The entity to delete, as its query: the confirmation waits for it. */
  entity: { isPending: boolean; isError: boolean; data: T | undefined };
  remove: {
    isPending: boolean;
    isError: boolean;
    mutate(variables: undefined, options: { onSuccess: () => void }): void;
  };
  texts: {
    confirm: (entity: T) => string;
    warning: string;
    failed: string;
    notFound: string;
    cancel: string;
    delete: string;
    deleting: string;
  };
  /** Where to go after deleting; the parent route when unset. Cancelling always returns there. */
  after?: string;
}

/** A confirm-and-delete modal route: loading, not-found and failure states included. */
export function DeleteModal<T>({ title, entity, remove, texts, after }: DeleteModalProps<T>) {
  return (
    <RouteModal title={title} busy={remove.isPending} size="small">
      {(close) => (
        <>
          {remove.isError ? <Alert>{texts.failed}</Alert> : null}
          {entity.isPending ? <Spinner /> : null}
          {entity.isError ? <Alert>{texts.notFound}</Alert> : null}
          {entity.data ? (
            <div className={styles.confirm}>
              <p>{texts.confirm(entity.data)}</p>
              <p className={styles.warning}>{texts.warning}</p>
            </div>
          ) : null}
          <FormActions align="end">
            <Button variant="secondary" onClick={() => close()} disabled={remove.isPending}>
              {texts.cancel}
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              disabled={!entity.data || remove.isPending}
              onClick={() => remove.mutate(undefined, { onSuccess: () => close(after) })}
            >
              {remove.isPending ? texts.deleting : texts.delete}
            </Button>
          </FormActions>
        </>
      )}
    </RouteModal>
  );
}
