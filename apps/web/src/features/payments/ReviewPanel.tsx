/**
 * The funder's review of an expense in its details modal (docs/api-rules.md §20): the status, the
 * reviewer's comment, and for reviewers 'Goedkeuren', 'Afkeuren' (with a comment) and
 * 'Heropenen'. The owner reads the comment and what to do about a rejection. No <form>: the panel
 * sits inside the payment's edit form, and its buttons act on their own.
 */
import { REVIEW_COMMENT_MAX, type Payment, type ReviewVerdict } from '@helder/shared/payments';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { TextArea } from '../../components/ui/TextArea';
import { formatDateTime } from '../../lib/dates';
import { isApiError } from '../../lib/api';
import { useReviewPayment } from './api';
import { ReviewBadge } from './ReviewBadge';
import styles from './review.module.css';

export interface ReviewPanelProps {
  payment: Payment;
  /** The caller holds `review` on the payment. */
  mayReview: boolean;
}

export function ReviewPanel({ payment, mayReview }: ReviewPanelProps) {
  const { t } = useTranslation('payment-forms');
  const { t: tc } = useTranslation();
  const headingId = useId();
  const review = payment.review;
  const mutation = useReviewPayment(payment.id);
  const [comment, setComment] = useState(review?.comment ?? '');
  const [commentError, setCommentError] = useState<string | undefined>();
  const [busy, setBusy] = useState<ReviewVerdict | 'reopen' | null>(null);
  if (!review) return null;
  const { status } = review;

  const act = (verdict: ReviewVerdict | null) => {
    const text = comment.trim();
    if (verdict === 'rejected' && text === '') {
      setCommentError(t('review.commentRequired'));
      return;
    }
    if (text.length > REVIEW_COMMENT_MAX) {
      setCommentError(t('review.commentTooLong'));
      return;
    }
    setCommentError(undefined);
    setBusy(verdict ?? 'reopen');
    mutation.mutate(verdict === null ? null : { status: verdict, comment: text }, {
      onSuccess: (saved) => setComment(saved.review?.comment ?? ''),
      onSettled: () => setBusy(null),
    });
  };

  let failure: string | null = null;
  if (mutation.isError) {
    const code = isApiError(mutation.error) ? mutation.error.code : undefined;
    failure = code === 'FORBIDDEN' ? tc('errors.codes.FORBIDDEN') : t('review.failed');
  }

  return (
    <section aria-labelledby={headingId} className={styles.review}>
      <h3 id={headingId} className={styles.heading}>
        {t('review.heading')}
      </h3>
      <dl className={styles.facts}>
        <div>
          <dt>{t('review.status')}</dt>
          <dd>
            <ReviewBadge status={status} />
          </dd>
        </div>
        {review.comment && !mayReview ? (
          <div>
            <dt>{t('review.comment')}</dt>
            <dd>{review.comment}</dd>
          </div>
        ) : null}
      </dl>
      {review.reviewer_name && review.reviewed_at ? (
        <p className={styles.muted}>
          {t('review.by', {
            name: review.reviewer_name,
            date: formatDateTime(review.reviewed_at),
          })}
        </p>
      ) : null}
      {!mayReview && status === 'rejected' ? (
        <Alert tone="info">{t('review.rejectedHint')}</Alert>
      ) : null}
      {!mayReview && status === 'answered' ? (
        <p className={styles.muted}>{t('review.answeredHint')}</p>
      ) : null}
      {mayReview ? (
        <>
          <TextArea
            label={t('review.comment')}
            hint={t('review.commentHint')}
            rows={3}
            value={comment}
            error={commentError}
            counter={{ length: comment.length, max: REVIEW_COMMENT_MAX }}
            onChange={(event) => setComment(event.target.value)}
          />
          {failure ? <Alert>{failure}</Alert> : null}
          <div className={styles.actions} role="group" aria-label={t('review.heading')}>
            {status !== 'approved' ? (
              <Button
                variant="primary"
                busy={busy === 'approved'}
                disabled={busy !== null}
                onClick={() => act('approved')}
              >
                {t('review.approve')}
              </Button>
            ) : null}
            {status !== 'rejected' ? (
              <Button
                variant="danger"
                busy={busy === 'rejected'}
                disabled={busy !== null}
                onClick={() => act('rejected')}
              >
                {t('review.reject')}
              </Button>
            ) : null}
            {status !== 'open' ? (
              <Button
                variant="secondary"
                busy={busy === 'reopen'}
                disabled={busy !== null}
                onClick={() => act(null)}
              >
                {t('review.reopen')}
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
    </section>
  );
}
