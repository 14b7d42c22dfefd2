import type { User } from '@helder/shared/users';
import { initials } from './labels';
import styles from './users.module.css';

export interface AvatarProps {
  user: Pick<User, 'id' | 'first_name' | 'last_name' | 'email' | 'profile_picture'>;
  size?: 'small' | 'large';
  /** Text alternative of the picture; empty (decorative) when the name is right next to it. */
  alt?: string;
}

/** The profile thumbnail (128 in lists, 256 in the detail) or an initials placeholder. */
export function Avatar({ user, size = 'small', alt = '' }: AvatarProps) {
  const picture = user.profile_picture;
  const src =
    size === 'large'
      ? (picture?.attachment_thumbnail_url_256 ?? picture?.attachment_url)
      : (picture?.attachment_thumbnail_url_128 ?? picture?.attachment_url);
  const className = `${styles.avatar} ${size === 'large' ? styles.avatarLarge : ''}`;
  if (src) {
    const pixels = size === 'large' ? 128 : 48;
    return (
      <img
        src={src}
        alt={alt}
        width={pixels}
        height={pixels}
        loading="lazy"
        decoding="async"
        className={className}
      />
    );
  }
  return (
    <span className={`${className} ${styles.initials}`} aria-hidden="true">
      {initials(user)}
    </span>
  );
}
