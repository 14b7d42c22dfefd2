import type { MediumPayment } from '@helder/shared/media';
import { useTranslation } from 'react-i18next';
import { captionParts } from './caption';

/** The caption of a medium in the reader's language: 'dd-mm-jjjj · counterparty · € amount'. */
export function useCaption(): (payment: MediumPayment) => string {
  const { t } = useTranslation('media');
  return (payment) => {
    const parts = captionParts(payment, t('shieldedName'));
    return parts.counterparty ? t('caption', { ...parts }) : t('captionAnonymous', { ...parts });
  };
}
