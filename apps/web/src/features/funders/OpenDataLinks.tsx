import { useTranslation } from 'react-i18next';
import { fundersRoutes } from '@helder/shared/funders/client';
import { API_BASE } from '../../lib/api';

const feedUrl = (path: string, funderId: number) =>
  API_BASE + path.replace(':id', String(funderId));

/** A sponsor's open-data feed (360Giving) as JSON and CSV: plain links anyone may follow. */
export function OpenDataLinks({ funderId, funderName }: { funderId: number; funderName: string }) {
  const { t } = useTranslation('funders');
  return (
    <p>
      {t('openData.label')}{' '}
      <a
        href={feedUrl(fundersRoutes.openDataJson.path, funderId)}
        aria-label={t('openData.jsonLabel', { name: funderName })}
      >
        {t('openData.json')}
      </a>
      {' · '}
      <a
        href={feedUrl(fundersRoutes.openDataCsv.path, funderId)}
        aria-label={t('openData.csvLabel', { name: funderName })}
      >
        {t('openData.csv')}
      </a>
    </p>
  );
}
