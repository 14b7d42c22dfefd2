/**
 * 'Toegang beheren' (…/bankconnections/invite-user?id=…, …/bankaccounts/invite-users?id=…;
 * docs/spec-map.md §2.9). Step 1: 'Geef toegang tot "{institution}" bankrekening', the people
 * with access (picture or placeholder, e-mail, 'Verwijderen'), a search by e-mail (500 ms
 * debounce) that adds people, and 'Volgende', which sends the whole set. Step 2 (`?step=2`):
 * 'Toegang succesvol bijgewerkt.' and 'Terug naar het overzicht'. Closing goes back to the tab,
 * so the modal opens at step 1 again.
 */
import type { BankAccount } from '@helder/shared/bank-accounts';
import { useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Form, FormActions } from '../../components/ui/Form';
import { PlusIcon } from '../../components/ui/icons';
import { RouteModal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { EmailSearchField } from '../../components/ui/EmailSearchField';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { Avatar } from '../users';
import { BANK_USER_SEARCH_DEBOUNCE_MS, useSetBankUsers, useUserSearch, type BankUser } from './api';
import styles from './bank-accounts.module.css';
import { AccountLoadState, loadErrorText, useModalAccount } from './modal-parts';

/** What the users feature's Avatar needs of a person with access. */
function avatarUser(person: BankUser) {
  return {
    id: person.id,
    email: person.email,
    first_name: null,
    last_name: null,
    profile_picture: person.picture
      ? {
          attachment_url: person.picture,
          attachment_thumbnail_url_128: null,
          attachment_thumbnail_url_256: null,
          attachment_thumbnail_url_512: null,
        }
      : null,
  };
}

interface UserSearchProps {
  inputRef: RefObject<HTMLInputElement | null>;
  /** Ids not to offer: the owner and who already has access. */
  exclude: ReadonlySet<number>;
  onAdd: (person: BankUser) => void;
}

/** Search by e-mail; each match is a button that adds the person (Enter adds a single match). */
function UserSearch({ inputRef, exclude, onAdd }: UserSearchProps) {
  const { t } = useTranslation('bank-accounts');
  const inputId = useId();
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), BANK_USER_SEARCH_DEBOUNCE_MS);
  const search = useUserSearch(term);
  const matches = (search.data ?? []).filter((person) => !exclude.has(person.id));
  const waiting = text.trim() !== '' && (text.trim() !== term || search.isFetching);

  const add = (person: BankUser) => {
    onAdd(person);
    inputRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter never submits the form from here; it adds the only match.
    event.preventDefault();
    const [only] = matches;
    if (only && matches.length === 1) add(only);
  };

  let status = '';
  if (term && !waiting) {
    if (search.isError) status = t('invite.searchFailed');
    else if (search.isSuccess && matches.length === 0) status = t('invite.noResults');
  }

  return (
    <div className={styles.search}>
      <EmailSearchField
        id={inputId}
        label={t('invite.search')}
        inputRef={inputRef}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {waiting ? <Spinner size="small" label={t('invite.searching')} /> : null}
      <p role="status" className={styles.muted}>
        {status}
      </p>
      {term && !waiting && matches.length > 0 ? (
        <ul className={styles.people} aria-label={t('invite.results')}>
          {matches.map((person) => (
            <li key={person.id} className={styles.person}>
              <Avatar user={avatarUser(person)} />
              <span className={styles.email}>{person.email}</span>
              <Button
                variant="secondary"
                icon={<PlusIcon size={18} />}
                onClick={() => add(person)}
                aria-label={`${t('invite.add')} ${person.email}`}
              >
                {t('invite.add')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

interface AccessFormProps {
  account: BankAccount;
  busy: boolean;
  failed: boolean;
  onSave: (userIds: number[]) => void;
}

function AccessForm({ account, busy, failed, onSave }: AccessFormProps) {
  const { t } = useTranslation('bank-accounts');
  const listId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const [people, setPeople] = useState<BankUser[]>(() =>
    account.users.map((user) => ({
      id: user.id,
      email: user.email,
      picture:
        user.profile_picture?.attachment_thumbnail_url_128 ??
        user.profile_picture?.attachment_url ??
        null,
    })),
  );
  const heading = t('invite.heading', { institution: account.institution_name });
  const exclude = new Set([account.owner_id, ...people.map((person) => person.id)]);

  return (
    <Form
      aria-label={heading}
      onSubmit={(event) => {
        event.preventDefault();
        onSave(people.map((person) => person.id));
      }}
    >
      <h3 className={styles.modalHeading}>{heading}</h3>
      {failed ? <Alert>{t('invite.failed')}</Alert> : null}
      <section aria-labelledby={listId}>
        <h4 id={listId} className={styles.subheading}>
          {t('invite.people')}
        </h4>
        {people.length === 0 ? (
          <p className={styles.muted}>{t('invite.nobody')}</p>
        ) : (
          <ul className={styles.people}>
            {people.map((person) => (
              <li key={person.id} className={styles.person}>
                <Avatar user={avatarUser(person)} />
                <span id={`${listId}-${person.id}`} className={styles.email}>
                  {person.email}
                </span>
                <Button
                  variant="secondary"
                  aria-describedby={`${listId}-${person.id}`}
                  disabled={busy}
                  onClick={() => {
                    setPeople((current) => current.filter((other) => other.id !== person.id));
                    searchRef.current?.focus();
                  }}
                >
                  {t('invite.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <UserSearch
        inputRef={searchRef}
        exclude={exclude}
        onAdd={(person) => setPeople((current) => [...current, person])}
      />
      <FormActions align="end">
        <Button type="submit" busy={busy}>
          {busy ? t('invite.saving') : t('invite.next')}
        </Button>
      </FormActions>
    </Form>
  );
}

function AccessUpdated({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('bank-accounts');
  return (
    <>
      <Alert tone="success">{t('invite.success')}</Alert>
      <p>{t('invite.successNote')}</p>
      <FormActions align="end">
        <Button onClick={onBack} data-autofocus>
          {t('invite.back')}
        </Button>
      </FormActions>
    </>
  );
}

export function ManageAccessModal() {
  const { t } = useTranslation('bank-accounts');
  const [params, setParams] = useSearchParams();
  const done = params.get('step') === '2';
  const { userId, bankAccountId, account, missing } = useModalAccount(!done);
  const save = useSetBankUsers(userId, bankAccountId);

  return (
    <RouteModal title={t('invite.title')} busy={save.isPending}>
      {(close) => {
        if (done) return <AccessUpdated onBack={() => close()} />;
        if (!account.data) {
          return (
            <AccountLoadState
              error={loadErrorText(t, missing, account.isError)}
              onClose={() => close()}
            />
          );
        }
        return (
          <AccessForm
            account={account.data}
            busy={save.isPending}
            failed={save.isError}
            onSave={(userIds) =>
              save.mutate(userIds, {
                onSuccess: () =>
                  setParams({ id: String(bankAccountId), step: '2' }, { replace: true }),
              })
            }
          />
        );
      }}
    </RouteModal>
  );
}
