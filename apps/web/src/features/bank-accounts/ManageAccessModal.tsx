/**
 * 'Toegang beheren' (…/bankconnections/invite-user?id=…, …/bankaccounts/invite-users?id=…;
 * docs/spec-map.md §2.9). Step 1: 'Geef toegang tot "{institution}" bankrekening', the people
 * with access (picture or placeholder, e-mail, 'Verwijderen') and a search by e-mail (500 ms
 * debounce) that adds people, both UserPicker's rows, and 'Volgende', which sends the whole set.
 * Step 2 (`?step=2`): 'Toegang succesvol bijgewerkt.' and 'Terug naar het overzicht'. Closing
 * goes back to the tab, so the modal opens at step 1 again.
 */
import type { BankAccount } from '@helder/shared/bank-accounts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Form, FormActions } from '../../components/ui/Form';
import { RouteModal } from '../../components/ui/Modal';
import { UserPicker } from '../../components/ui/UserPicker';
import { Avatar } from '../users';
import {
  BANK_USER_SEARCH_DEBOUNCE_MS,
  searchBankUsers,
  useSetBankUsers,
  type BankUser,
} from './api';
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

interface AccessFormProps {
  account: BankAccount;
  busy: boolean;
  failed: boolean;
  onSave: (userIds: number[]) => void;
}

function AccessForm({ account, busy, failed, onSave }: AccessFormProps) {
  const { t } = useTranslation('bank-accounts');
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
  // The owner has access by owning the account: never offered.
  const search = async (email: string, signal: AbortSignal) =>
    (await searchBankUsers(email, signal)).filter((person) => person.id !== account.owner_id);

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
      <UserPicker
        label={t('invite.search')}
        selectedLabel={t('invite.people')}
        headingLevel={4}
        emptyText={t('invite.nobody')}
        search={search}
        value={people}
        onChange={setPeople}
        debounceMs={BANK_USER_SEARCH_DEBOUNCE_MS}
        busy={busy}
        rows={{
          add: t('invite.add'),
          remove: t('invite.remove'),
          picture: (person) => <Avatar user={avatarUser(person)} />,
        }}
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
