/** Placeholders until the regulations issue lands: side list plus detail under a sponsor. */
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PlaceholderPage } from '../../components/ui/Placeholder';

export function RegulationsPage() {
  const { t } = useTranslation('regulations');
  return <PlaceholderPage title={t('title')} emptyText={t('empty')} searchable={false} />;
}

/** /sponsors/:sponsorId/regulations/:regulationId: the detail; its modals render in the Outlet. */
export function RegulationDetail() {
  const { t } = useTranslation('regulations');
  return (
    <section aria-label={t('detailTitle')}>
      <Outlet />
    </section>
  );
}
