/**
 * The Media tab (docs/spec-map.md §2.7): the attachments of the visible payments as a thumbnail
 * grid (128 px thumbnails, 256 on dense screens; PDFs as a pdf tile); choosing one opens a preview
 * overlay. Each tile is captioned by its payment (day, counterparty, amount) and links to that
 * payment's details. Empty: 'Geen media gevonden'; failure: 'Failed to fetch media. Please try again
 * later.'.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { DocumentIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { paths } from '../../lib/paths';
import { isPdf, useMedia, type MediaScope } from './api';
import styles from './media.module.css';
import { useCaption } from './useCaption';

// The preview is a dialog (Radix): loaded when first needed, not with the page.
const MediaPreview = lazy(() => import('./MediaPreview'));

export function MediaGallery({ initiativeId, activityId }: MediaScope) {
  const { t } = useTranslation('media');
  const media = useMedia({ initiativeId, activityId });
  const attachments = useMemo(() => media.data?.pages.flat() ?? [], [media.data]);
  const caption = useCaption();
  // `opening` tells one opening of the preview from the next, so that a preview that finishes
  // fading after another one opened leaves that one alone.
  const [selected, setSelected] = useState<{ index: number; opening: number } | null>(null);
  const open = (index: number) =>
    setSelected((current) => ({ index, opening: (current?.opening ?? 0) + 1 }));

  if (media.isPending) return <Spinner label={t('loading')} />;
  if (media.isError && !media.isFetchNextPageError) return <Alert>{t('failed')}</Alert>;
  if (attachments.length === 0) return <EmptyState title={t('empty')} />;

  return (
    <div className={styles.gallery}>
      <ul className={styles.grid} aria-label={t('listLabel')}>
        {attachments.map((attachment, index) => {
          const pdf = isPdf(attachment);
          const text = caption(attachment.payment);
          return (
            <li key={attachment.id} className={styles.item}>
              <button
                type="button"
                className={styles.tile}
                onClick={() => open(index)}
                aria-label={pdf ? t('openPdf', { caption: text }) : t('open', { caption: text })}
                aria-haspopup="dialog"
              >
                {pdf ? (
                  <span className={styles.pdf}>
                    <DocumentIcon size={40} />
                    <span aria-hidden="true">{t('pdf')}</span>
                  </span>
                ) : (
                  <img
                    src={
                      attachment.attachment_thumbnail_url_128 ??
                      attachment.attachment_thumbnail_url_256 ??
                      ''
                    }
                    srcSet={
                      attachment.attachment_thumbnail_url_128 &&
                      attachment.attachment_thumbnail_url_256
                        ? `${attachment.attachment_thumbnail_url_128} 1x, ${attachment.attachment_thumbnail_url_256} 2x`
                        : undefined
                    }
                    alt=""
                    width={128}
                    height={128}
                    loading="lazy"
                    decoding="async"
                    className={styles.thumbnail}
                  />
                )}
              </button>
              <p className={styles.caption} aria-hidden="true">
                {text}
              </p>
              <Link
                to={paymentLink(initiativeId, attachment.payment)}
                className={styles.paymentLink}
                aria-label={t('toPaymentOf', { caption: text })}
              >
                {t('toPayment')}
              </Link>
            </li>
          );
        })}
      </ul>
      {media.isFetchNextPageError ? <Alert>{t('failed')}</Alert> : null}
      {media.hasNextPage ? (
        <div className={styles.more}>
          <Button
            variant="secondary"
            busy={media.isFetchingNextPage}
            onClick={() => void media.fetchNextPage()}
          >
            {t('loadMore')}
          </Button>
        </div>
      ) : null}
      {selected ? (
        <Suspense fallback={<Spinner label={t('loading')} />}>
          <MediaPreview
            key={selected.opening}
            media={attachments}
            index={Math.min(selected.index, attachments.length - 1)}
            onNavigate={(index) => setSelected({ ...selected, index })}
            paymentLink={(payment) => paymentLink(initiativeId, payment)}
            onClose={() =>
              setSelected((current) => (current?.opening === selected.opening ? null : current))
            }
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The details of a medium's payment, under its activity when it has one. */
function paymentLink(
  initiativeId: number,
  payment: { id: number; activity_id: number | null },
): string {
  return paths.paymentDetails(initiativeId, payment.id, payment.activity_id ?? undefined);
}
