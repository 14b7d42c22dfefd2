/**
 * Link suggestions of the Transactieoverzicht: the API proposes a link for an unlinked bank line,
 * learned from the user's earlier links, with the reason ('Eerder 3× gekoppeld aan …'). Nothing
 * is linked without a click: 'Voorstel overnemen' on a row, or 'Alle zekere voorstellen
 * overnemen (n)' above the table for the suggestions the API is sure of, after which LinkStatus
 * says how many were linked and offers to undo them all.
 */
import type { LinkSuggestion, UserPayment } from '@helder/shared/payments';
import { SURE_SUGGESTION } from '@helder/shared/payments/client';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { linkOf, useBulkLink, type LinkChange, type LinkState } from './linking.api';
import styles from './overview.module.css';

/** The row's suggestion while it is linked to nothing. */
export const openSuggestion = (row: UserPayment): LinkSuggestion | null =>
  row.initiative_id === null ? (row.suggestion ?? null) : null;

export const suggestedLink = (suggestion: LinkSuggestion): LinkState => ({
  initiativeId: suggestion.initiative_id,
  activityId: suggestion.activity_id,
});

/** Where the suggestion goes: 'Initiatief' or 'Initiatief · Activiteit'. */
function useSuggestionTarget(suggestion: LinkSuggestion) {
  const { t } = useTranslation('payments');
  return suggestion.activity_name === null
    ? suggestion.initiative_name
    : t('overview.suggestion.target', {
        initiative: suggestion.initiative_name,
        activity: suggestion.activity_name,
      });
}

/** The suggestion, why, and 'Voorstel overnemen' (named with the row's payment). */
export function SuggestionHint({
  suggestion,
  payment,
  busy,
  onAccept,
}: {
  suggestion: LinkSuggestion;
  payment: { date: string; amount: string };
  busy: boolean;
  onAccept: () => void;
}) {
  const { t } = useTranslation('payments');
  const target = useSuggestionTarget(suggestion);
  const { kind, count } = suggestion.reason;
  return (
    <div className={styles.suggestion}>
      <p className={styles.suggestionText}>
        <span className={styles.suggestionTitle}>{t('overview.suggestion.title')}: </span>
        {target}
        <span className={styles.suggestionReason}>
          {t(`overview.suggestion.reason.${kind}`, {
            count,
            initiative: suggestion.initiative_name,
          })}
        </span>
      </p>
      <Button
        variant="secondary"
        busy={busy}
        aria-label={t('overview.suggestion.acceptLabel', { ...payment, target })}
        onClick={onAccept}
      >
        {t('overview.suggestion.accept')}
      </Button>
    </div>
  );
}

/** The changes that take every loaded row with a sure suggestion to it. */
function sureChanges(rows: readonly UserPayment[]): LinkChange[] {
  return rows.flatMap((row) => {
    const suggestion = openSuggestion(row);
    if (!suggestion || suggestion.confidence < SURE_SUGGESTION) return [];
    return [{ paymentId: row.id, from: linkOf(row), to: suggestedLink(suggestion) }];
  });
}

/** 'Alle zekere voorstellen overnemen (n)': shown while there is a sure suggestion to accept. */
export function AcceptAllSuggestions({
  userId,
  rows,
  onDone,
  onFailed,
}: {
  userId: number;
  rows: readonly UserPayment[];
  onDone: (changes: LinkChange[]) => void;
  onFailed: () => void;
}) {
  const { t } = useTranslation('payments');
  const bulk = useBulkLink(userId);
  const changes = sureChanges(rows);
  if (changes.length === 0 && !bulk.isPending) return null;
  return (
    <Button
      busy={bulk.isPending}
      onClick={() => bulk.mutate(changes, { onSuccess: () => onDone(changes), onError: onFailed })}
    >
      {t('overview.suggestion.acceptAll', { n: changes.length })}
    </Button>
  );
}
