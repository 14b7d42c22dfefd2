import type { Picture } from '@helder/shared/users';
import { coverOf } from './cover';
import styles from './picture.module.css';

export interface SpendingUnitPictureProps {
  picture: Picture | null;
  /** Whose picture: without one, its name gives the designed cover. */
  name: string;
  /** card: overview cards (256); header: the detail header (256, 512 on dense screens). */
  size: 'card' | 'header';
  /** Text alternative; empty (decorative) when the name is right next to it. */
  alt?: string;
}

/**
 * The cover of an initiative or activity without a picture: its colour and monogram, drawn
 * inline (no image file), decorative because the name is always beside it.
 */
function DesignedCover({ name, size }: Pick<SpendingUnitPictureProps, 'name' | 'size'>) {
  const cover = coverOf(name);
  const [width, height] = size === 'card' ? [160, 90] : [100, 100];
  return (
    <svg
      className={`${size === 'card' ? styles.cardPicture : styles.headerPicture} ${styles.cover}`}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      data-cover={cover.background}
    >
      <rect width={width} height={height} fill={cover.background} />
      {cover.circles.map((circle, i) => (
        <circle
          key={i}
          cx={circle.x * width}
          cy={circle.y * height}
          r={circle.r * height}
          fill={cover.dark}
          opacity={0.55}
        />
      ))}
      <text
        x={width / 2}
        y={height / 2}
        dominantBaseline="central"
        textAnchor="middle"
        fill="#ffffff"
        fontSize={size === 'card' ? 34 : 40}
        fontWeight={700}
        className={styles.monogram}
      >
        {cover.monogram}
      </text>
    </svg>
  );
}

/** An initiative's or activity's picture (a thumbnail, never the original) or its cover. */
export function SpendingUnitPicture({ picture, name, size, alt = '' }: SpendingUnitPictureProps) {
  const className = size === 'card' ? styles.cardPicture : styles.headerPicture;
  const small = picture?.attachment_thumbnail_url_256 ?? picture?.attachment_thumbnail_url_128;
  if (!picture || !small) return <DesignedCover name={name} size={size} />;
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
