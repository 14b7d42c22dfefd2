/**
 * Pieces the initiative and activity modals share: where a modal returns to, the owners form,
 * and the load state of an edit modal.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Form, FormActions } from '../../components/ui/Form';
import { Spinner } from '../../components/ui/Spinner';
import { UserPicker, type PickedUser } from '../../components/ui/UserPicker';
import { INITIATIVE_TAB_SEGMENTS } from '../../lib/paths';
import { searchUsersByEmail } from '../regulations';
import type { TabState } from './tabs';

/**
 * Where a modal of the detail returns to: the tab it was opened from (the link passes it in its
 * state), else `fallback` (the parent route; an initiative's modals give its first tab, because
 * /funds/{id} alone is the overview's /funds/{action}).
 */
export function useModalCloseTo(fallback = '..'): string {
  const location = useLocation();
  const tab = (location.state as TabState | null)?.tab;
  return tab && /^[a-z]+$/.test(tab) ? `../${tab}` : fallback;
}

/** The fallback of the initiative's own modals (edit-fund, delete-fund, add-activity). */
export const INITIATIVE_MODAL_FALLBACK = `../${INITIATIVE_TAB_SEGMENTS.payments}`;

export interface OwnersFormProps {
  title: string;
  selectedLabel: string;
  emptyText: string;
  failedText: string;
  initial: PickedUser[];
  busy: boolean;
  failed: boolean;
  onSave: (userIds: number[]) => void;
  onCancel: () => void;
}

/**
 * 'Initiatiefnemers toevoegen' / 'Activiteitnemers toevoegen' (docs/spec-map.md §2.7): search users
 * by e-mail (from one non-blank character, debounced 300 ms), the current owners with remove
 * buttons, Annuleren / Opslaan. Nobody is a valid choice (it removes every owner).
 */
export function OwnersForm({
  title,
  selectedLabel,
  emptyText,
  failedText,
  initial,
  busy,
  failed,
  onSave,
  onCancel,
}: OwnersFormProps) {
  const { t } = useTranslation('initiatives');
  const [users, setUsers] = useState(initial);
  return (
    <Form
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        onSave(users.map((user) => user.id));
      }}
    >
      {failed ? <Alert>{failedText}</Alert> : null}
      <UserPicker
        label={t('owners.search')}
        selectedLabel={selectedLabel}
        emptyText={emptyText}
        search={searchUsersByEmail}
        value={users}
        onChange={setUsers}
      />
      <FormActions align="end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('owners.cancel')}
        </Button>
        <Button type="submit" busy={busy}>
          {busy ? t('owners.saving') : t('owners.save')}
        </Button>
      </FormActions>
    </Form>
  );
}

/** A modal's body while what it needs loads, or when that failed (with a way out). */
export function ModalState({
  error,
  onClose,
  loadingLabel,
}: {
  error: ReactNode | null;
  onClose: () => void;
  loadingLabel: string;
}) {
  const { t } = useTranslation('initiatives');
  if (!error) return <Spinner label={loadingLabel} />;
  return (
    <>
      <Alert>{error}</Alert>
      <FormActions align="end">
        <Button variant="secondary" onClick={onClose}>
          {t('form.cancel')}
        </Button>
      </FormActions>
    </>
  );
}
