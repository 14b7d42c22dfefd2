/**
 * Pieces the initiative and activity modals share: where a modal returns to and the load state
 * of an edit modal.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { FormActions } from '../../components/ui/Form';
import { Spinner } from '../../components/ui/Spinner';
import { INITIATIVE_TAB_SEGMENTS } from '../../lib/paths';
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
  const { t } = useTranslation('initiative-forms');
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
