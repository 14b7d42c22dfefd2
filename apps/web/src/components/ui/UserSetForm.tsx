import { useState, type ReactNode } from 'react';
import { Alert } from './Alert';
import { EntityForm } from './Form';
import { RouteModal } from './Modal';
import { Spinner } from './Spinner';
import { UserPicker, type PickedUser } from './UserPicker';

export interface UserSetFormProps {
  /** Names the form and the list of chosen users. */
  title: string;
  labels: {
    search: string;
    /** The list of chosen users; `title` when unset. */
    selected?: string;
    empty: string;
    /** Set when at least one user is required: shown when saving none. */
    required?: string;
    failed: string;
    cancel: string;
    save: string;
    saving: string;
  };
  search: (email: string, signal: AbortSignal) => Promise<PickedUser[]>;
  initial: PickedUser[];
  busy: boolean;
  failed: boolean;
  onSave: (userIds: number[]) => void;
  onCancel: () => void;
}

/**
 * A set of users (a regulation's officers, a grant's overseers, an initiative's or activity's
 * owners): the current ones with remove buttons, a search by e-mail to add more, Cancel and Save.
 * The caller saves the ids.
 */
export function UserSetForm({
  title,
  labels,
  search,
  initial,
  busy,
  failed,
  onSave,
  onCancel,
}: UserSetFormProps) {
  const [users, setUsers] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const missing = labels.required !== undefined && submitted && users.length === 0;
  return (
    <EntityForm
      form={{
        submit: (event) => {
          event.preventDefault();
          setSubmitted(true);
          if (labels.required === undefined || users.length > 0) {
            onSave(users.map((user) => user.id));
          }
        },
        serverError: failed ? labels.failed : undefined,
      }}
      title={title}
      busy={busy}
      onCancel={onCancel}
      labels={{ cancel: labels.cancel, submit: labels.save, busy: labels.saving }}
    >
      <UserPicker
        label={labels.search}
        selectedLabel={labels.selected ?? title}
        emptyText={labels.empty}
        search={search}
        value={users}
        onChange={setUsers}
        error={missing ? labels.required : undefined}
      />
    </EntityForm>
  );
}

export interface UserSetModalProps extends Pick<UserSetFormProps, 'title' | 'labels' | 'search'> {
  /** The current users; undefined while they load or when they could not be. */
  initial: PickedUser[] | undefined;
  loading: boolean;
  /** Shown when the current users could not be loaded. */
  notFound: ReactNode;
  /** Above the form, once the users are loaded. */
  intro?: ReactNode;
  save: {
    isPending: boolean;
    isError: boolean;
    mutate: (userIds: number[], options: { onSuccess: () => void }) => void;
  };
}

/** A modal route around `UserSetForm`: waits for the current users, saves, then closes. */
export function UserSetModal({
  title,
  labels,
  search,
  initial,
  loading,
  notFound,
  intro,
  save,
}: UserSetModalProps) {
  return (
    <RouteModal title={title} busy={save.isPending}>
      {(close) =>
        loading ? (
          <Spinner />
        ) : initial === undefined ? (
          <Alert>{notFound}</Alert>
        ) : (
          <>
            {intro}
            <UserSetForm
              title={title}
              labels={labels}
              search={search}
              initial={initial}
              busy={save.isPending}
              failed={save.isError}
              onSave={(userIds) => save.mutate(userIds, { onSuccess: () => close() })}
              onCancel={() => close()}
            />
          </>
        )
      }
    </RouteModal>
  );
}
