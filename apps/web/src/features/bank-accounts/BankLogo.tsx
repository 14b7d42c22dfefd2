/**
 * A bank's logo beside its name, so decorative (`alt=""`): the institution's own picture; the
 * provider's demo bank, which has none, its fixed sandbox logo (docs/api-rules.md §13: exactly
 * for `institution_name` SANDBOX_INSTITUTION without a logo); else a bank icon.
 */
import { SANDBOX_INSTITUTION } from '@helder/shared/bank-accounts/client';
import { BankIcon } from '../../components/ui/icons';
import styles from './bank-accounts.module.css';

/** A spade in a bucket of sand: the demo bank is a place to play, not a bank. */
function SandboxLogo({ size }: { size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      aria-hidden="true"
      focusable="false"
      className={styles.logo}
      data-logo="sandbox"
    >
      <rect width="48" height="48" rx="8" fill="#f6e7bf" />
      <path d="M4 38c6-4 12-4 20 0s14 4 20 0v10H4z" fill="#d9b86c" />
      <path d="M14 20h18l-3 18H17z" fill="#1f5fbf" />
      <path d="M12 20h22" stroke="#14213d" strokeWidth="3" strokeLinecap="round" />
      <path d="M33 8l-7 16" stroke="#14213d" strokeWidth="3" strokeLinecap="round" />
      <path d="M31 5l6 3-2 4-6-3z" fill="#14213d" />
    </svg>
  );
}

export function BankLogo({
  name,
  logo,
  size = 48,
}: {
  name: string;
  logo: string | null;
  size?: number;
}) {
  if (logo) {
    return (
      <img
        src={logo}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className={styles.logo}
        style={{ width: size, height: size }}
      />
    );
  }
  if (name === SANDBOX_INSTITUTION) return <SandboxLogo size={size} />;
  return (
    <span
      className={`${styles.logo} ${styles.logoPlaceholder}`}
      style={{ width: size, height: size }}
    >
      <BankIcon size={Math.round(size * 0.6)} />
    </span>
  );
}
