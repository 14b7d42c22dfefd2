/**
 * A payment read-only (docs/spec-map.md §4: without edit permission a row opens its details):
 * its fields as a definition list and its attachments. The edit form of a bank-imported payment
 * shows its locked bank fields the same way. Anonymous visitors see neither internal facts nor
 * empty ones.
 */
import { formatEuro } from '@helder/shared/money';
import type { Payment } from '@helder/shared/payments';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth';
import { DuplicateBadge } from './DuplicateBadge';
import { AttachmentThumbnail } from './AttachmentsField';
import { shownName } from './counterparty';
import { formatBookingDate } from '../../lib/dates';
import { formatIban } from '../../lib/iban';
import attachmentStyles from './attachments.module.css';
import styles from './facts.module.css';
import type { PaymentField } from './schemas';

type Fact =
  | 'amount'
  | 'route'
  | 'bookingDate'
  | 'creditor'
  | 'debtor'
  | 'shortDescription'
  | 'longDescription'
  | 'hidden'
  | 'hideCounterparty'
  | 'type'
  | 'initiative'
  | 'activity';

const ALL_FACTS: readonly Fact[] = [
  'amount',
  'route',
  'bookingDate',
  'creditor',
  'debtor',
  'shortDescription',
  'longDescription',
  'hidden',
  'hideCounterparty',
  'type',
  'initiative',
  'activity',
];

/**
 * How the payment is kept rather than what it is: a visitor only ever sees unhidden payments,
 * and the amount's sign already says the route.
 */
const INTERNAL_FACTS: ReadonlySet<Fact> = new Set(['route', 'hidden', 'hideCounterparty', 'type']);

/** The facts of the bank's fields: what stays read-only when edit-fields leaves them out. */
export function bankFacts(editable: readonly PaymentField[]): Fact[] {
  const facts: Fact[] = [];
  if (!editable.includes('transaction_amount')) facts.push('amount');
  if (!editable.includes('route')) facts.push('route');
  if (!editable.includes('booking_date')) facts.push('bookingDate');
  if (!editable.includes('creditor_name') || !editable.includes('creditor_account')) {
    facts.push('creditor');
  }
  if (!editable.includes('debtor_name') || !editable.includes('debtor_account')) {
    facts.push('debtor');
  }
  return facts;
}

/** A counterparty: name, and the account number when the caller may see it. */
function party(name: string, account: string | undefined): string {
  return [name, account?.trim() ? formatIban(account) : undefined]
    .filter((part) => part?.trim())
    .join(' · ');
}

export interface PaymentFactsProps {
  payment: Payment;
  facts?: readonly Fact[];
  /** Show the attachments below the facts. */
  attachments?: boolean;
}

export function PaymentFacts({
  payment,
  facts = ALL_FACTS,
  attachments = true,
}: PaymentFactsProps) {
  const { t } = useTranslation('payment-forms');
  const visitor = useSession() === null;
  const amount = payment.transaction_amount;
  const values: Record<Fact, ReactNode> = {
    amount: <span className={amount < 0 ? styles.negative : undefined}>{formatEuro(amount)}</span>,
    route: t(`routes.${payment.route}`),
    bookingDate: formatBookingDate(payment.booking_date),
    creditor: party(shownName(payment, 'creditor', t('shieldedName')), payment.creditor_account),
    debtor: party(shownName(payment, 'debtor', t('shieldedName')), payment.debtor_account),
    shortDescription: payment.possible_duplicate_of ? (
      <>
        {payment.short_user_description}
        <DuplicateBadge of={payment.possible_duplicate_of} />
      </>
    ) : (
      payment.short_user_description
    ),
    longDescription: payment.long_user_description,
    hidden: payment.hidden ? t('details.yes') : t('details.no'),
    hideCounterparty: payment.hide_counterparty ? t('details.yes') : t('details.no'),
    type: t(`details.types.${payment.type}`),
    initiative: payment.initiative_name,
    activity: payment.activity_name,
  };
  return (
    <div className={styles.facts}>
      <dl>
        {facts.map((fact) => {
          const value = values[fact];
          const empty = value === null || value === '';
          // Visitors get what the payment is, not how it is kept, nor 'Geen gegevens bekend'.
          if (visitor && (empty || INTERNAL_FACTS.has(fact))) return null;
          return (
            <div key={fact}>
              <dt>{t(`details.${fact}`)}</dt>
              <dd className={fact === 'longDescription' ? styles.multiline : undefined}>
                {empty ? <span className={styles.muted}>{t('details.unknown')}</span> : value}
              </dd>
            </div>
          );
        })}
      </dl>
      {attachments ? (
        <section aria-label={t('details.attachments')} className={styles.factsAttachments}>
          <h3 className={styles.subheading}>{t('details.attachments')}</h3>
          {payment.attachments.length === 0 ? (
            <p className={styles.muted}>{t('attachments.empty')}</p>
          ) : (
            <ul className={attachmentStyles.attachmentGrid}>
              {payment.attachments.map((attachment, index) => (
                <li key={attachment.id} className={attachmentStyles.attachment}>
                  <AttachmentThumbnail attachment={attachment} n={index + 1} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
