import type { ReactNode } from 'react';
import type { To } from 'react-router';
import { Alert } from './Alert';
import type { EntityFormProps } from './Form';
import { RouteModal } from './Modal';
import { Spinner } from './Spinner';

export interface FormModalProps<Values, Result, Entity> {
  title: string;
  /** The save, as its mutation: while it runs the modal cannot close and the form waits. */
  save: { isPending: boolean; mutateAsync: (values: Values) => Promise<Result> };
  /** Where the modal goes after a save; the parent route when unset. */
  savedTo?: (result: Result) => To;
  /** What an edit form starts from, as its query: the form waits for it. */
  load?: { isPending: boolean; isError: boolean; data: Entity | undefined };
  /** Shown instead of the form when `load` fails. */
  notFound?: ReactNode;
  children: (form: EntityFormProps<Values>, entity: Entity) => ReactNode;
}

/**
 * A create or edit form as a modal route: saving closes it, a failed save leaves it open (the
 * form shows why), and cancelling returns to the parent route.
 */
export function FormModal<Values, Result, Entity = undefined>({
  title,
  save,
  savedTo,
  load,
  notFound,
  children,
}: FormModalProps<Values, Result, Entity>) {
  return (
    <RouteModal title={title} busy={save.isPending}>
      {(close) => {
        if (load?.isPending) return <Spinner />;
        if (load?.isError) return <Alert>{notFound}</Alert>;
        const form: EntityFormProps<Values> = {
          title,
          busy: save.isPending,
          onSubmit: async (values) => {
            const result = await save.mutateAsync(values);
            close(savedTo?.(result));
          },
          onCancel: () => close(),
        };
        // Without `load` there is no entity; with it, it has loaded by now.
        return children(form, load?.data as Entity);
      }}
    </RouteModal>
  );
}
