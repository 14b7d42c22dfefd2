/**
 * Pick users by e-mail address: a search field (debounced 300 ms unless told otherwise, from one
 * non-blank character), the matches as buttons that add a user, and the chosen users with a
 * remove button each. As chips (the default) the chosen users follow the search; as `rows` (the
 * manage-access modal) they come first, each a row with its picture and written buttons.
 *
 * It has no feature dependency: the caller passes `search(email)`, which returns `{ id, email }`
 * items (e.g. GET /api/users?email=…). Keyboard: type, then Tab (or ArrowDown) to the matches and
 * Enter to add; ArrowUp/ArrowDown move between matches. After adding or removing, focus returns
 * to the search field. The number of matches is announced politely.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { EmailSearchField } from './EmailSearchField';
import { CloseIcon, PlusIcon } from './icons';
import { Spinner } from './Spinner';
import { FieldError } from './TextField';
import styles from './UserPicker.module.css';

/** Search debounce (docs/spec-map.md §9). */
export const USER_SEARCH_DEBOUNCE_MS = 300;

export interface PickedUser {
  id: number;
  email?: string | undefined;
  /** Shown next to the e-mail address when known (first and last name). */
  name?: string | undefined;
}

/**
 * The people as rows, the chosen ones first (the manage-access modal, docs/spec-map.md §2.9):
 * each with its picture, its e-mail address and a written button, `remove` (described by the
 * address) or `add` (named '{add} {address}').
 */
interface UserPickerRows<T extends PickedUser> {
  add: string;
  remove: string;
  /** The user's picture or its placeholder, decorative beside the address. */
  picture: (user: T) => ReactNode;
}

export interface UserPickerProps<T extends PickedUser> {
  /** Label of the search field, e.g. 'Zoek op e-mailadres'. */
  label: string;
  /** Heading of the chosen users, e.g. 'Penvoerders'. */
  selectedLabel: string;
  /** The level of that heading: one below the heading the picker sits under. */
  headingLevel?: 3 | 4;
  /** Text when nobody is chosen yet. */
  emptyText: string;
  search: (email: string, signal: AbortSignal) => Promise<T[]>;
  value: T[];
  onChange: (users: T[]) => void;
  /** Validation message (e.g. at least one user required). */
  error?: string | undefined;
  /** Wait this long after the last keystroke (docs/spec-map.md §9). */
  debounceMs?: number;
  /** While the chosen users are being saved: nobody can be added or removed. */
  busy?: boolean;
  rows?: UserPickerRows<T> | undefined;
}

type Results<T> = { term: string; status: 'done'; users: T[] } | { term: string; status: 'error' };

const displayName = (user: PickedUser) => user.email ?? user.name ?? `#${user.id}`;

export function UserPicker<T extends PickedUser>({
  label,
  selectedLabel,
  headingLevel = 3,
  emptyText,
  search,
  value,
  onChange,
  error,
  debounceMs = USER_SEARCH_DEBOUNCE_MS,
  busy = false,
  rows,
}: UserPickerProps<T>) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const headingId = `${inputId}-selected`;
  const inputRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLUListElement>(null);
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<Results<T> | null>(null);

  // Debounce: the search term follows the field `debounceMs` after the last keystroke.
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), debounceMs);
    return () => clearTimeout(timer);
  }, [text, debounceMs]);

  // Search when the (debounced) term changes; a newer term aborts the older request.
  const searchRef = useRef(search);
  useEffect(() => {
    searchRef.current = search;
  });
  useEffect(() => {
    if (!term) return;
    const controller = new AbortController();
    searchRef.current(term, controller.signal).then(
      (users) => {
        if (!controller.signal.aborted) setResults({ term, status: 'done', users });
      },
      () => {
        if (!controller.signal.aborted) setResults({ term, status: 'error' });
      },
    );
    return () => controller.abort();
  }, [term]);

  const chosen = new Set(value.map((user) => user.id));
  const current = term && results?.term === term ? results : null;
  const searching = text.trim() !== '' && (text.trim() !== term || current === null);
  const matches =
    current?.status === 'done' ? current.users.filter((user) => !chosen.has(user.id)) : [];

  const add = (user: T) => {
    onChange([...value, user]);
    inputRef.current?.focus();
  };
  const remove = (user: T) => {
    onChange(value.filter((other) => other.id !== user.id));
    inputRef.current?.focus();
  };

  const focusMatch = (index: number) => {
    const buttons = resultsRef.current?.querySelectorAll<HTMLButtonElement>('button');
    if (!buttons || buttons.length === 0) return;
    buttons[Math.max(0, Math.min(index, buttons.length - 1))]?.focus();
  };
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && matches.length > 0) {
      event.preventDefault();
      focusMatch(0);
    } else if (event.key === 'Enter') {
      // Enter in the search field chooses the only match, and never submits the form.
      event.preventDefault();
      const [only] = matches;
      if (only && matches.length === 1) add(only);
    }
  };
  const onResultKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusMatch(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (index === 0) inputRef.current?.focus();
      else focusMatch(index - 1);
    }
  };

  let status = '';
  if (current?.status === 'error') status = t('userPicker.failed');
  else if (current && !searching) {
    status =
      matches.length === 0
        ? t('userPicker.noResults')
        : t('userPicker.found', { n: matches.length });
  }

  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const chosenSection = (
    <section className={styles.selected} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.selectedTitle}>
        {selectedLabel}
      </Heading>
      {value.length === 0 ? (
        <p className={styles.muted}>{emptyText}</p>
      ) : (
        <ul className={rows ? styles.rows : styles.list}>
          {value.map((user) => {
            if (rows) {
              const addressId = `${inputId}-${user.id}`;
              return (
                <li key={user.id} className={styles.row}>
                  {rows.picture(user)}
                  <span id={addressId} className={styles.rowEmail}>
                    {displayName(user)}
                  </span>
                  <Button
                    variant="secondary"
                    aria-describedby={addressId}
                    disabled={busy}
                    onClick={() => remove(user)}
                  >
                    {rows.remove}
                  </Button>
                </li>
              );
            }
            return (
              <li key={user.id} className={styles.chosen}>
                <span className={styles.chosenText}>
                  <span className={styles.email}>{displayName(user)}</span>
                  {user.name && user.email ? (
                    <span className={styles.name}>{user.name}</span>
                  ) : null}
                </span>
                <button
                  type="button"
                  className={styles.remove}
                  disabled={busy}
                  onClick={() => remove(user)}
                  aria-label={t('userPicker.remove', { user: displayName(user) })}
                  title={t('userPicker.remove', { user: displayName(user) })}
                >
                  <CloseIcon size={18} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );

  const searchPart = (
    <>
      <EmailSearchField
        id={inputId}
        label={label}
        inputRef={inputRef}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onInputKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />

      <div className={styles.results}>
        {searching ? <Spinner size="small" label={t('userPicker.searching')} /> : null}
        <p role="status" className={styles.status}>
          {status}
        </p>
        {matches.length > 0 ? (
          <ul
            ref={resultsRef}
            className={rows ? styles.rows : styles.list}
            aria-label={t('userPicker.results')}
          >
            {matches.map((user, index) =>
              rows ? (
                <li key={user.id} className={styles.row}>
                  {rows.picture(user)}
                  <span className={styles.rowEmail}>{displayName(user)}</span>
                  <Button
                    variant="secondary"
                    icon={<PlusIcon size={18} />}
                    disabled={busy}
                    onClick={() => add(user)}
                    onKeyDown={(event) => onResultKeyDown(event, index)}
                    aria-label={`${rows.add} ${displayName(user)}`}
                  >
                    {rows.add}
                  </Button>
                </li>
              ) : (
                <li key={user.id}>
                  <button
                    type="button"
                    className={styles.match}
                    disabled={busy}
                    onClick={() => add(user)}
                    onKeyDown={(event) => onResultKeyDown(event, index)}
                  >
                    <PlusIcon size={18} />
                    <span className="visually-hidden">{t('userPicker.add')}</span>
                    <span className={styles.email}>{displayName(user)}</span>
                    {user.name && user.email ? (
                      <span className={styles.name}>{user.name}</span>
                    ) : null}
                  </button>
                </li>
              ),
            )}
          </ul>
        ) : null}
      </div>
    </>
  );

  return (
    <div className={styles.picker}>
      {rows ? chosenSection : searchPart}
      {rows ? searchPart : chosenSection}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
