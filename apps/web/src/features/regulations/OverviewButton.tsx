/**
 * 'Overzicht downloaden' on a regulation page and its grant rows, for those who may read the
 * funder's overview. The modal is loaded on the first click, so it adds nothing to the page.
 */
import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyModalButton } from '../../components/ui/LazyModalButton';
import type { OverviewScope } from './OverviewModal';

const OverviewModal = lazy(() =>
  import('./OverviewModal').then(({ OverviewModal }) => ({ default: OverviewModal })),
);

export function OverviewButton({
  scope,
  context,
}: {
  scope: OverviewScope;
  /** Says, for screen readers, which grant a row's button is for. */
  context?: ReactNode;
}) {
  const { t } = useTranslation('regulations');
  return (
    <LazyModalButton modal={OverviewModal} modalProps={{ scope }}>
      {t('overview.open')}
      {context}
    </LazyModalButton>
  );
}
