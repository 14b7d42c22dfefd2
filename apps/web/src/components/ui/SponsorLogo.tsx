import type { Picture } from '@helder/shared/users';
import styles from './SponsorLogo.module.css';

export interface SponsorLogoProps {
  logo: Picture | null | undefined;
  /** Whose logo: without one, its initials make the monogram. */
  name: string;
  /** small: 40 px beside a line of text; large: 64 px beside a heading. */
  size: 'small' | 'large';
  /** Without a logo: a small monogram (where the rows should line up) or nothing at all. */
  fallback?: 'monogram' | 'none';
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');

/**
 * A sponsor's logo: a thumbnail (128, 256 on dense screens; never the original), fitted inside
 * its square. Decorative (empty alt) because the sponsor's name is always right beside it.
 */
export function SponsorLogo({ logo, name, size, fallback = 'none' }: SponsorLogoProps) {
  const className = `${styles.logo} ${size === 'small' ? styles.small : styles.large}`;
  const src = logo?.attachment_thumbnail_url_128;
  if (!src) {
    return fallback === 'monogram' ? (
      <span className={`${className} ${styles.monogram}`} aria-hidden="true">
        {initials(name)}
      </span>
    ) : null;
  }
  const dense = logo.attachment_thumbnail_url_256;
  const px = size === 'small' ? 40 : 64;
  return (
    <img
      src={src}
      srcSet={dense ? `${src} 1x, ${dense} 2x` : undefined}
      alt=""
      width={px}
      height={px}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}
