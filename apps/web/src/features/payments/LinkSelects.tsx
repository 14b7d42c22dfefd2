/**
 * The two dropdowns with which a payment of the Transactieoverzicht is linked
 * (docs/spec-map.md §2.9, §4): first an initiative, then one of its activities. They only choose: the link is saved
 * by the 'Koppelen' button beside them (LinkCells), so browsing the options with the arrow keys
 * never saves anything. The initiative dropdown locks once an activity is linked (and keeps
 * showing the initiative's name); the activity dropdown stays disabled with 'Verbind activiteit'
 * until an initiative is chosen. 'Verbreek verbinding' (UNLINK_ID) chooses no link. Native
 * <select>s, each with its own label.
 */
import type { LinkTarget, UserPayment } from '@helder/shared/payments';
import { MANUAL_PAYMENT, UNLINK_ID } from '@helder/shared/payments/client';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLinkableActivities, useLinkableInitiatives, type LinkState } from './linking.api';
import styles from './overview.module.css';

export interface LinkSelectProps {
  row: UserPayment;
  /** The chosen link, saved or not. */
  draft: LinkState;
  onDraft: (draft: LinkState) => void;
  /** The label: the row's own (hidden, naming the payment) or the dialog's short one. */
  label: string;
  labelHidden: boolean;
  /** A save of this row is under way: the dropdowns wait. */
  busy: boolean;
  /** Where the row says what went wrong, if it did. */
  describedBy?: string | undefined;
  /** Marks the row's control that gets focus back after a save or an undo. */
  focusKey?: string | undefined;
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

/** What sets one dropdown apart. */
interface LinkSelectView {
  placeholder: string;
  /** The saved id, or null: 'Verbreek verbinding' is offered instead of the placeholder. */
  saved: number | null;
  /** The chosen id, or null for none. */
  chosen: number | null;
  options: readonly LinkTarget[];
  locked: boolean;
  loading: boolean;
  unlinkable: boolean;
  onChoose: (id: number | null) => void;
}

type LinkSelectBaseProps = Pick<
  LinkSelectProps,
  'label' | 'labelHidden' | 'busy' | 'describedBy' | 'focusKey'
> &
  LinkSelectView;

function LinkSelect({
  label,
  labelHidden,
  busy,
  describedBy,
  focusKey,
  placeholder,
  saved,
  chosen,
  options,
  locked,
  loading,
  unlinkable,
  onChoose,
}: LinkSelectBaseProps) {
  const { t } = useTranslation('payments');
  const id = useId();
  const unlinkOffered = saved !== null && unlinkable;
  let value: number | '' = chosen ?? '';
  if (chosen === null && unlinkOffered) value = UNLINK_ID;
  return (
    <div className={styles.linkCell}>
      <label htmlFor={id} className={labelHidden ? 'visually-hidden' : styles.linkLabel}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        disabled={busy || locked}
        aria-busy={busy || loading || undefined}
        aria-describedby={describedBy}
        data-link-focus={focusKey}
        onChange={(event) => {
          const next = Number(event.target.value);
          onChoose(event.target.value === '' || next === UNLINK_ID ? null : next);
        }}
      >
        {saved === null ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
        {unlinkOffered ? <option value={UNLINK_ID}>{t('overview.link.unlink')}</option> : null}
      </select>
    </div>
  );
}

export function InitiativeSelect({ row, draft, onDraft, ...select }: LinkSelectProps) {
  const { t } = useTranslation('payments');
  const linkable = useLinkableInitiatives();
  const saved = row.initiative_id;
  return (
    <LinkSelect
      {...select}
      placeholder={t('overview.link.chooseInitiative')}
      saved={saved}
      chosen={draft.initiativeId}
      options={withCurrent(linkable.data ?? [], saved, row.initiative_name)}
      // Once an activity is linked the initiative is fixed (docs/spec-map.md §2.9).
      locked={row.activity_id !== null}
      loading={linkable.isFetching}
      // A manual payment moves between initiatives but never comes loose (docs/api-rules.md §5).
      unlinkable={row.type !== MANUAL_PAYMENT}
      onChoose={(initiativeId) => onDraft({ initiativeId, activityId: null })}
    />
  );
}

export function ActivitySelect({ row, draft, onDraft, ...select }: LinkSelectProps) {
  const { t } = useTranslation('payments');
  const { initiativeId } = draft;
  // Fetched only once an initiative is chosen; rows of one initiative share the answer.
  const linkable = useLinkableActivities(initiativeId);
  const sameInitiative = initiativeId !== null && initiativeId === row.initiative_id;
  const saved = sameInitiative ? row.activity_id : null;
  return (
    <LinkSelect
      {...select}
      placeholder={t('overview.link.chooseActivity')}
      saved={saved}
      chosen={initiativeId === null ? null : draft.activityId}
      options={
        initiativeId === null ? [] : withCurrent(linkable.data ?? [], saved, row.activity_name)
      }
      locked={initiativeId === null}
      loading={initiativeId !== null && linkable.isFetching}
      unlinkable
      onChoose={(activityId) => {
        if (initiativeId !== null) onDraft({ initiativeId, activityId });
      }}
    />
  );
}
