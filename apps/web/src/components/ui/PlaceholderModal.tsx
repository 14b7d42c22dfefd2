/** Stand-in for a modal of a later issue (own module: pages without modals need no Radix). */
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { RouteModal } from './Modal';

export function PlaceholderModal({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <RouteModal title={title}>
      {(close) => (
        <>
          <p>{t('placeholder.underConstruction')}</p>
          <div>
            <Button variant="secondary" onClick={() => close()}>
              {t('actions.close')}
            </Button>
          </div>
        </>
      )}
    </RouteModal>
  );
}
