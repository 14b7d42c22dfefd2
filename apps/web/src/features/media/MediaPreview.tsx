/**
 * The preview overlay of a medium: the picture, or the PDF in a frame (900 px, capped), titled by
 * its payment, with a link to that payment and the previous and next medium of the grid (going
 * round at either end, so the buttons never vanish from under the keyboard focus).
 */
import type { Medium, MediumPayment } from '@helder/shared/media';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/Button';
import { Modal, MODAL_ANIMATION_MS } from '../../components/ui/Modal';
import { isPdf } from './api';
import styles from './media.module.css';
import { useCaption } from './useCaption';

export interface MediaPreviewProps {
  /** The media of the grid, in its order. */
  media: Medium[];
  index: number;
  onNavigate: (index: number) => void;
  paymentLink: (payment: MediumPayment) => string;
  onClose: () => void;
}

export default function MediaPreview({
  media,
  index,
  onNavigate,
  paymentLink,
  onClose,
}: MediaPreviewProps) {
  const { t } = useTranslation('media');
  const caption = useCaption();
  const [open, setOpen] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const medium = media[index];
  if (!medium) return null;
  const pdf = isPdf(medium);
  const text = caption(medium.payment);
  // Fade out (300 ms), then unmount.
  const close = () => {
    setOpen(false);
    clearTimeout(timer.current);
    timer.current = setTimeout(onClose, MODAL_ANIMATION_MS);
  };
  return (
    <Modal open={open} onClose={close} title={text} size="large">
      <div className={styles.preview}>
        {pdf ? (
          <iframe
            key={medium.id}
            src={medium.attachment_url}
            title={t('preview.pdf', { caption: text })}
            className={styles.frame}
          />
        ) : (
          <img
            key={medium.id}
            src={medium.attachment_url}
            alt={t('preview.image', { caption: text })}
            className={styles.image}
          />
        )}
        <div className={styles.previewLinks}>
          <Link to={paymentLink(medium.payment)}>{t('toPayment')}</Link>
          <a href={medium.attachment_url} target="_blank" rel="noreferrer noopener">
            {t('preview.openOriginal')}
          </a>
        </div>
        {media.length > 1 ? (
          <nav className={styles.stepper} aria-label={t('listLabel')}>
            <Button
              variant="secondary"
              onClick={() => onNavigate((index - 1 + media.length) % media.length)}
            >
              {t('preview.previous')}
            </Button>
            <span aria-live="polite">
              {t('preview.position', { n: index + 1, total: media.length })}
            </span>
            <Button variant="secondary" onClick={() => onNavigate((index + 1) % media.length)}>
              {t('preview.next')}
            </Button>
          </nav>
        ) : null}
      </div>
    </Modal>
  );
}
