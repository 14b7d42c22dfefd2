/** Placeholders until the initiatives issue lands: same routes, proper titles, spec empty text. */
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PlaceholderPage } from '../../components/ui/Placeholder';

export function InitiativesPage() {
  const { t } = useTranslation('initiatives');
  return <PlaceholderPage title={t('title')} emptyText={t('empty')} />;
}

/** /funds/:initiativeId/:tab — the list passes the initiative's name in navigation state. */
export function InitiativePage() {
  const { t } = useTranslation('initiatives');
  const location = useLocation();
  const name = (location.state as { initiativeName?: string } | null)?.initiativeName;
  return (
    <PlaceholderPage title={name ?? t('detailTitle')} emptyText={t('empty')} searchable={false} />
  );
}
