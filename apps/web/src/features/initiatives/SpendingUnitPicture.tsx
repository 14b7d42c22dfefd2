import type { Picture } from '@helder/shared/users';
import { InitiativesIcon } from '../../components/ui/icons';
import styles from './initiatives.module.css';

export interface SpendingUnitPictureProps {
  picture: Picture | null;
  /** card: overview cards (256); header: the detail header (256, 512 on dense screens). */
  size: 'card' | 'header';
  /** Text alternative; empty (decorative) when the name is right next to it. */
  alt?: string;
}

/** An initiative's or activity's picture (a thumbnail, never the original) or a placeholder. */
export function SpendingUnitPicture({ picture, size, alt = '' }: SpendingUnitPictureProps) {
  const className = size === 'card' ? styles.cardPicture : styles.headerPicture;
  const small = picture?.attachment_thumbnail_url_256 ?? picture?.attachment_thumbnail_url_128;
  if (!picture || !small) {
    return (
      <span className={`${className} ${styles.placeholder}`} aria-hidden="true">
        <InitiativesIcon size={size === 'card' ? 40 : 48} />
      </span>
    );
  }
  const large = picture.attachment_thumbnail_url_512;
  return (
    <img
      src={small}
      srcSet={size === 'header' && large ? `${small} 1x, ${large} 2x` : undefined}
      alt={alt}
      width={256}
      height={size === 'card' ? 144 : 256}
      loading={size === 'card' ? 'lazy' : 'eager'}
      decoding="async"
      className={className}
    />
  );
}
