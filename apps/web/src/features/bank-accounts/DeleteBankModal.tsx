/**
 * 'Bank account verwijderen' (…/bankconnections/revoke-bank?id=…, also delete-bank;
 * docs/spec-map.md §2.9): names the account, warns that its transactions go for good (only those
 * not linked to an initiative: linked ones stay, docs/api-rules.md §13), 'Annuleren' / 'Verwijderen'.
 * Deleting sends DELETE and returns to the tab, whose list and the payment lists refresh.
 */
import { useTranslation } from 'react-i18next';
import { DeleteModal } from '../../components/ui/DeleteModal';
import { useRemoveBankAccount } from './api';
import { formatIban } from '../../lib/iban';
import { loadErrorText, useModalAccount } from './modal-parts';

export function DeleteBankModal() {
  const { t } = useTranslation('bank-accounts');
  const { userId, bankAccountId, account, missing } = useModalAccount();
  const remove = useRemoveBankAccount(userId, bankAccountId);
  const data = account.data;
  return (
    <DeleteModal
      title={t('remove.title')}
      text={
        data
          ? t('remove.confirm', {
              iban: formatIban(data.iban),
              institution: data.institution_name,
            })
          : undefined
      }
      warning={t('remove.warning')}
      loading={!data && !missing && !account.isError}
      loadError={loadErrorText(t, missing, account.isError)}
      error={remove.isError && t('remove.failed')}
      labels={{ cancel: t('remove.cancel'), confirm: t('remove.submit'), busy: t('remove.busy') }}
      busy={remove.isPending}
      disabled={!data}
      onConfirm={(close) => remove.mutate(undefined, { onSuccess: () => close() })}
    />
  );
}
