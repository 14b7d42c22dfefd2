/** The preview overlay of one medium: the picture, or the PDF in a frame (900 px, capped). */
import type { Attachment } from '@helder/shared/media';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, MODAL_ANIMATION_MS } from '../../components/ui/Modal';
import { isPdf } from './api';
import styles from './media.module.css';

export interface MediaPreviewProps {
  attachment: Attachment;
  /** Its position in the grid, for the title ('Medium 3'). */
  n: number;
  onClose: () => void;
}

export default function MediaPreview({ attachment, n, onClose }: MediaPreviewProps) {
  const { t } = useTranslation('media');
  const [open, setOpen] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const pdf = isPdf(attachment);
  // Fade out (300 ms), then unmount.
  const close = () => {
    setOpen(false);
    clearTimeout(timer.current);
    timer.current = setTimeout(onClose, MODAL_ANIMATION_MS);
  };
  return (
    <Modal open={open} onClose={close} title={t('preview.title', { n })} size="large">
      <div className={styles.preview}>
        {pdf ? (
          <iframe
            src={attachment.attachment_url}
            title={t('preview.pdf', { n })}
            className={styles.frame}
          />
        ) : (
          <img
            src={attachment.attachment_url}
            alt={t('preview.image', { n })}
            className={styles.image}
          />
        )}
        <a href={attachment.attachment_url} target="_blank" rel="noreferrer noopener">
          {t('preview.openOriginal')}
        </a>
      </div>
    </Modal>
  );
}
