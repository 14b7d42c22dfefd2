/**
 * The Media tab (docs/spec-map.md §2.7): the attachments of the visible payments as a thumbnail
 * grid (128 px thumbnails, 256 on dense screens; PDFs as a pdf tile); choosing one opens a preview
 * overlay. Empty: 'Geen media gevonden'; failure: 'Failed to fetch media. Please try again later.'.
 */
import type { Attachment } from '@helder/shared/media';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { DocumentIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { isPdf, useMedia, type MediaScope } from './api';
import styles from './media.module.css';

// The preview is a dialog (Radix): loaded when first needed, not with the page.
const MediaPreview = lazy(() => import('./MediaPreview'));

export function MediaGallery({ initiativeId, activityId }: MediaScope) {
  const { t } = useTranslation('media');
  const media = useMedia({ initiativeId, activityId });
  const attachments = useMemo(() => media.data?.pages.flat() ?? [], [media.data]);
  const [selected, setSelected] = useState<{ attachment: Attachment; n: number } | null>(null);

  if (media.isPending) return <Spinner label={t('loading')} />;
  if (media.isError && !media.isFetchNextPageError) return <Alert>{t('failed')}</Alert>;
  if (attachments.length === 0) return <EmptyState title={t('empty')} />;

  return (
    <div className={styles.gallery}>
      <ul className={styles.grid} aria-label={t('listLabel')}>
        {attachments.map((attachment, index) => {
          const n = index + 1;
          const pdf = isPdf(attachment);
          return (
            <li key={attachment.id}>
              <button
                type="button"
                className={styles.tile}
                onClick={() => setSelected({ attachment, n })}
                aria-label={pdf ? t('openPdf', { n }) : t('open', { n })}
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
            key={selected.attachment.id}
            attachment={selected.attachment}
            n={selected.n}
            // A preview that finishes fading after another one opened leaves that one alone.
            onClose={() =>
              setSelected((current) =>
                current?.attachment.id === selected.attachment.id ? null : current,
              )
            }
          />
        </Suspense>
      ) : null}
    </div>
  );
}
