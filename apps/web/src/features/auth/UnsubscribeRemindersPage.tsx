import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { FormActions } from '../../components/ui/Form';
import { FormPage } from '../../components/ui/Page';
import { isApiError } from '../../lib/api';
import { useUnsubscribeReminders } from './api';

/**
 * /reminders/unsubscribe?token=…, the link of a receipt reminder mail: one click turns the
 * reminders off, without logging in. A click and not the visit itself, so that a mail scanner
 * that opens the link unsubscribes nobody.
 */
export function UnsubscribeRemindersPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribeReminders();
  const title = t('unsubscribeReminders.title');

  if (unsubscribe.isSuccess) {
    return (
      <FormPage title={title}>
        <Alert tone="success">{t('unsubscribeReminders.done')}</Alert>
        <p>{t('unsubscribeReminders.undo')}</p>
      </FormPage>
    );
  }
  const error = unsubscribe.error;
  const badToken = token === '' || (isApiError(error) && error.status === 400);
  return (
    <FormPage title={title} intro={badToken ? undefined : t('unsubscribeReminders.intro')}>
      {badToken ? (
        <>
          <Alert>{t('unsubscribeReminders.badToken')}</Alert>
          <p>
            <Link to="/login">{t('unsubscribeReminders.toLogin')}</Link>
          </p>
        </>
      ) : (
        <>
          {error ? (
            <Alert>
              {isApiError(error) && error.status === 429
                ? t('tooManyAttempts')
                : t('unsubscribeReminders.failed')}
            </Alert>
          ) : null}
          <FormActions>
            <Button
              type="button"
              busy={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate(token)}
            >
              {unsubscribe.isPending
                ? t('unsubscribeReminders.submitting')
                : t('unsubscribeReminders.submit')}
            </Button>
          </FormActions>
        </>
      )}
    </FormPage>
  );
}
