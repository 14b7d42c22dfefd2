/**
 * Step 3 of linking a bank: how it ended (docs/spec-map.md §4, §8), one title and text per
 * outcome, and 'Terug naar het overzicht' to /transactions (after a success with 'Niet gekoppeld'
 * on, showing the new lines that wait to be linked). A failure offers to try again.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { FormActions } from '../../components/ui/Form';
import styles from './bank-accounts.module.css';
import type { LinkOutcome } from './bank-link-window';

/** The lines under the title: a renewal says so instead of that a bank was linked. */
function useOutcomeText(outcome: LinkOutcome, renewal: boolean): string[] {
  const { t } = useTranslation('bank-accounts');
  if (outcome !== 'success') return [t(`link.outcomes.${outcome}.text`)];
  return renewal
    ? [t('link.result.renewed'), t('link.result.fetching')]
    : [t('link.outcomes.success.text'), t('link.result.categorised')];
}

function tone(outcome: LinkOutcome) {
  if (outcome === 'success') return 'success';
  // Stopping at the bank is the user's own choice, not a failure.
  return outcome === 'cancelled' ? 'info' : 'error';
}

export function BankLinkResult({
  outcome,
  renewal,
  onBack,
  onRetry,
}: {
  outcome: LinkOutcome;
  /** The link renewed an account's consent ('Vernieuw nu'). */
  renewal: boolean;
  onBack: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation('bank-accounts');
  const lines = useOutcomeText(outcome, renewal);
  const headingId = useId();
  const success = outcome === 'success';
  return (
    <section className={styles.flow} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.modalHeading}>
        {t(`link.outcomes.${outcome}.title`)}
      </h3>
      <Alert tone={tone(outcome)}>
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </Alert>
      <FormActions align="end">
        {success ? null : (
          <Button variant="secondary" onClick={onRetry}>
            {t('link.result.retry')}
          </Button>
        )}
        <Button onClick={onBack} data-autofocus>
          {t('link.result.back')}
        </Button>
      </FormActions>
    </section>
  );
}
