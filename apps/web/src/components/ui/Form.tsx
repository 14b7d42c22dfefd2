import type { FormEventHandler, FormHTMLAttributes, ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import styles from './Form.module.css';

/** A real <form> (Enter submits) with the standard vertical rhythm; noValidate: we validate. */
export function Form({ className, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  return (
    <form noValidate className={[styles.form, className].filter(Boolean).join(' ')} {...props} />
  );
}

/**
 * Row of form buttons; `between` puts a secondary link left of the submit button. In a modal it
 * stays at the bottom while the body scrolls (Modal.module.css finds it by its data attribute).
 */
export function FormActions({
  children,
  align = 'between',
}: {
  children: ReactNode;
  align?: 'between' | 'end';
}) {
  return (
    <div className={`${styles.actions} ${align === 'end' ? styles.end : ''}`} data-form-actions="">
      {children}
    </div>
  );
}

export interface SaveButtonsProps {
  busy: boolean;
  onCancel: () => void;
  labels: { cancel: string; submit: string; busy: string };
  /** Submit stays off for a reason of the form's own (busy turns it off anyway). */
  disabled?: boolean;
  align?: 'between' | 'end';
}

/** Cancel and Submit, as every create/edit form ends; both wait while saving. */
export function SaveButtons({ busy, onCancel, labels, disabled, align = 'end' }: SaveButtonsProps) {
  return (
    <FormActions align={align}>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {labels.cancel}
      </Button>
      <Button type="submit" busy={busy} disabled={busy || disabled}>
        {busy ? labels.busy : labels.submit}
      </Button>
    </FormActions>
  );
}

/** What a create/edit form gets from where it is shown (see FormModal). */
export interface EntityFormProps<Output> {
  /** The form's accessible name: the title of its modal. */
  title: string;
  /** Saving: the buttons wait. */
  busy: boolean;
  /** Saves; a rejection keeps the form open with its messages (see useEntityForm). */
  onSubmit: (values: Output) => Promise<unknown>;
  onCancel: () => void;
}

export interface EntityFormFrameProps extends Pick<
  EntityFormProps<unknown>,
  'title' | 'busy' | 'onCancel'
> {
  /** From `useEntityForm`. */
  form: { submit: FormEventHandler<HTMLFormElement>; serverError: string | undefined };
  labels: { cancel: string; submit: string; busy: string };
  children: ReactNode;
}

/** A create/edit form: the message of a failed save above its fields, Cancel and Submit below. */
export function EntityForm({
  form,
  title,
  busy,
  onCancel,
  labels,
  children,
}: EntityFormFrameProps) {
  return (
    <Form onSubmit={form.submit} aria-label={title}>
      {form.serverError ? <Alert>{form.serverError}</Alert> : null}
      {children}
      <SaveButtons busy={busy} onCancel={onCancel} labels={labels} />
    </Form>
  );
}
