/**
 * The two dropdowns with which a row of the Transactieoverzicht links its payment
 * (docs/spec-map.md §2.9, §4): first an initiative, then one of its activities. The initiative
 * dropdown locks once an activity is linked (and keeps showing the initiative's name); the
 * activity dropdown stays disabled with 'Verbind activiteit' until an initiative is linked.
 * 'Verbreek verbinding' (UNLINK_ID) removes the link. Native <select>s, each with its own label.
 */
import type { LinkTarget, UserPayment } from '@helder/shared/payments';
import { MANUAL_PAYMENT, UNLINK_ID } from '@helder/shared/payments/client';
import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLinkableActivities, useLinkableInitiatives } from './linking.api';
import styles from './overview.module.css';

interface LinkSelectProps {
  row: UserPayment;
  /** 'betaling van {date} {amount}' in the labels. */
  date: string;
  amount: string;
  /** A link of this row is being saved: both dropdowns wait. */
  busy: boolean;
  /** The value being saved by this dropdown, shown while it saves. */
  pending: number | undefined;
  /** The last save of this dropdown failed. */
  failed: boolean;
  onChoose: (id: number) => void;
}

/** The targets, with the linked one added when the caller may not link to it (it still shows). */
function withCurrent(
  targets: readonly LinkTarget[],
  id: number | null,
  name: string | null,
): readonly LinkTarget[] {
  if (id === null || targets.some((target) => target.id === id)) return targets;
  return [{ id, name: name ?? `#${id}` }, ...targets];
}

/** The chosen id, or null for the placeholder or an unchanged choice. */
function chosenId(event: ChangeEvent<HTMLSelectElement>, current: number | null): number | null {
  const { value } = event.target;
  if (value === '') return null;
  const id = Number(value);
  return Number.isInteger(id) && id !== current ? id : null;
}

function FailedText({ id }: { id: string }) {
  const { t } = useTranslation('payments');
  return (
    <p id={id} className={styles.linkError} role="alert">
      {t('overview.link.failed')}
    </p>
  );
}

/** What sets one dropdown apart; the rest of LinkSelectProps passes through unchanged. */
interface LinkSelectView {
  /** The (visually hidden) label. */
  label: string;
  /** The first option while nothing is linked. */
  placeholder: string;
  /** The placeholder only says what to do: it cannot be chosen. */
  placeholderDisabled: boolean;
  /** The linked id, or null. */
  linked: number | null;
  options: readonly LinkTarget[];
  /** The dropdown cannot be changed, busy or not. */
  locked: boolean;
  /** Its options are being fetched. */
  loading: boolean;
  /** 'Verbreek verbinding' is offered while something is linked. */
  unlinkable: boolean;
}

type LinkSelectBaseProps = Pick<LinkSelectProps, 'busy' | 'pending' | 'failed' | 'onChoose'> &
  LinkSelectView;

/** One labelled link dropdown; InitiativeSelect and ActivitySelect decide what it shows. */
function LinkSelect({
  busy,
  pending,
  failed,
  onChoose,
  label,
  placeholder,
  placeholderDisabled,
  linked,
  options,
  locked,
  loading,
  unlinkable,
}: LinkSelectBaseProps) {
  const { t } = useTranslation('payments');
  const id = useId();
  const value = pending ?? linked ?? '';
  return (
    <div className={styles.linkCell}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        disabled={busy || locked}
        aria-busy={busy || loading || undefined}
        aria-describedby={failed ? `${id}-error` : undefined}
        onChange={(event) => {
          const chosen = chosenId(event, linked);
          if (chosen !== null) onChoose(chosen);
        }}
      >
        {linked === null ? (
          <option value="" disabled={placeholderDisabled}>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
        {linked !== null && unlinkable ? (
          <option value={UNLINK_ID}>{t('overview.link.unlink')}</option>
        ) : null}
      </select>
      {failed ? <FailedText id={`${id}-error`} /> : null}
    </div>
  );
}

export function InitiativeSelect({ row, date, amount, ...select }: LinkSelectProps) {
  const { t } = useTranslation('payments');
  const linkable = useLinkableInitiatives();
  const linked = row.initiative_id;
  return (
    <LinkSelect
      {...select}
      label={t('overview.link.initiativeLabel', { date, amount })}
      placeholder={t('overview.link.chooseInitiative')}
      placeholderDisabled
      linked={linked}
      options={withCurrent(linkable.data ?? [], linked, row.initiative_name)}
      // Once an activity is linked the initiative is fixed (docs/spec-map.md §2.9).
      locked={row.activity_id !== null}
      loading={false}
      // A manual payment moves between initiatives but never comes loose (docs/api-rules.md §5).
      unlinkable={row.type !== MANUAL_PAYMENT}
    />
  );
}

export function ActivitySelect({ row, date, amount, ...select }: LinkSelectProps) {
  const { t } = useTranslation('payments');
  const initiativeId = row.initiative_id;
  // Fetched only once the row has an initiative; rows of one initiative share the answer.
  const linkable = useLinkableActivities(initiativeId);
  const linked = initiativeId === null ? null : row.activity_id;
  return (
    <LinkSelect
      {...select}
      label={t('overview.link.activityLabel', { date, amount })}
      placeholder={t('overview.link.chooseActivity')}
      placeholderDisabled={initiativeId !== null}
      linked={linked}
      options={
        initiativeId === null ? [] : withCurrent(linkable.data ?? [], linked, row.activity_name)
      }
      locked={initiativeId === null}
      loading={initiativeId !== null && linkable.isFetching}
      unlinkable
    />
  );
}
