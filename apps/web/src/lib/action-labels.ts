import { useTranslation } from 'react-i18next';

/** The namespaces whose `actions` block names the buttons of their forms and delete modals. */
export type ActionsNamespace = 'funders' | 'regulations' | 'grants';

/**
 * The buttons of a namespace's create/edit form (`form(mode)`) and of its delete confirmation
 * (`remove`), in that namespace's words.
 */
export function useActionLabels(namespace: ActionsNamespace) {
  const { t } = useTranslation(namespace);
  return {
    form: (mode: 'create' | 'edit') => ({
      cancel: t('actions.cancel'),
      submit: mode === 'create' ? t('actions.save') : t('actions.update'),
      busy: t('actions.saving'),
    }),
    remove: {
      cancel: t('actions.cancel'),
      confirm: t('actions.delete'),
      busy: t('actions.deleting'),
    },
  };
}
