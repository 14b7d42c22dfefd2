/**
 * The cells with which a row of the Transactieoverzicht links its payment. Choosing in a dropdown
 * saves nothing (arrow keys browse the options of a closed <select>, and each step used to save
 * and publish the line); 'Koppelen' saves the choice, after which the overview says what was
 * linked and offers to undo it (LinkStatus), and focus stays on the row.
 *
 * From 769 px the initiative and activity columns hold the dropdowns, and 'Koppelen' appears
 * beside them once the choice differs from the saved link. At 768 px and less those columns are
 * hidden; the row's 'Koppeling' cell shows the link and a 'Koppelen' button that opens a dialog
 * with the same two dropdowns.
 */
import type { UserPayment } from '@helder/shared/payments';
import { formatEuro } from '@helder/shared/money';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { FormActions } from '../../components/ui/Form';
import { Modal } from '../../components/ui/Modal';
import { formatBookingDate } from '../../lib/dates';
import { ActivitySelect, InitiativeSelect } from './LinkSelects';
import { linkOf, sameLink, useRelink, type LinkChange, type LinkState } from './linking.api';
import styles from './overview.module.css';
import { openSuggestion, suggestedLink, SuggestionHint } from './Suggestions';

/** Where a link was made: in the row's dropdowns, or in the dialog of a narrow screen. */
export type LinkOrigin = 'inline' | 'dialog';

/** A saved link, for the overview to announce and to undo. */
export interface LinkDone {
  change: LinkChange;
  origin: LinkOrigin;
  /** 'betaling van {date} {amount}' of the row. */
  date: string;
  amount: string;
  initiativeName: string | null;
  activityName: string | null;
}

/** Focuses the row's control of `origin`: the first of its dropdowns that can take focus. */
export function focusLinkControl(paymentId: number, origin: LinkOrigin, preferActivity = false) {
  const keys =
    origin === 'dialog'
      ? [`dialog-${paymentId}`]
      : [`initiative-${paymentId}`, `activity-${paymentId}`];
  if (preferActivity) keys.reverse();
  for (const key of keys) {
    const control = document.querySelector<HTMLElement>(`[data-link-focus="${key}"]`);
    if (control && !control.matches(':disabled')) {
      control.focus();
      return;
    }
  }
}

/**
 * Runs `focus` once the next render is on screen: a save's answer first enables or disables the
 * row's dropdowns.
 */
export function useFocusAfterRender() {
  const pending = useRef<(() => void) | null>(null);
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    pending.current?.();
    pending.current = null;
  }, [turn]);
  return (focus: () => void) => {
    pending.current = focus;
    setTurn((n) => n + 1);
  };
}

interface LinkCellsProps {
  row: UserPayment;
  userId: number;
  onLinked: (done: LinkDone) => void;
}

function useRowTexts(row: UserPayment) {
  return { date: formatBookingDate(row.booking_date), amount: formatEuro(row.transaction_amount) };
}

/** The save of one row: its mutation, and what a success reports. */
function useRowSave(row: UserPayment, userId: number, onLinked: (done: LinkDone) => void) {
  const relink = useRelink(userId);
  const texts = useRowTexts(row);
  const save = (to: LinkState, origin: LinkOrigin, then: () => void) => {
    const change = { paymentId: row.id, from: linkOf(row), to };
    relink.mutate(change, {
      onSuccess: (linked) => {
        then();
        onLinked({
          change,
          origin,
          ...texts,
          initiativeName: linked?.initiative_name ?? null,
          activityName: linked?.activity_name ?? null,
        });
      },
    });
  };
  return { relink, save, texts };
}

/** Who the money went to, or came from. */
const counterparty = (row: UserPayment) =>
  row.transaction_amount < 0 ? row.creditor_name : row.debtor_name;

function FailedText({ id }: { id: string }) {
  const { t } = useTranslation('payments');
  return (
    <p id={id} className={styles.linkError} role="alert">
      {t('overview.link.failed')}
    </p>
  );
}

/** The dialog of a narrow screen: both dropdowns, 'Annuleren' and 'Koppelen'. */
function LinkDialog({
  row,
  userId,
  onLinked,
  onClose,
  open,
}: LinkCellsProps & { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('payments');
  const { relink, save, texts } = useRowSave(row, userId, onLinked);
  const [draft, setDraft] = useState(() => linkOf(row));
  const suggestion = openSuggestion(row);
  const errorId = useId();
  const shared = {
    row,
    draft,
    onDraft: setDraft,
    labelHidden: false,
    busy: relink.isPending,
    describedBy: relink.isError ? errorId : undefined,
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={relink.isPending}
      size="small"
      title={t('overview.link.dialogTitle')}
      description={t('overview.link.dialogDescription', {
        ...texts,
        counterparty: counterparty(row) || '-',
      })}
    >
      {suggestion ? (
        <SuggestionHint
          suggestion={suggestion}
          payment={texts}
          busy={relink.isPending}
          onAccept={() => save(suggestedLink(suggestion), 'dialog', onClose)}
        />
      ) : null}
      <form
        className={styles.linkDialog}
        onSubmit={(event) => {
          event.preventDefault();
          if (sameLink(draft, linkOf(row))) onClose();
          else save(draft, 'dialog', onClose);
        }}
      >
        <InitiativeSelect {...shared} label={t('overview.link.initiative')} />
        <ActivitySelect {...shared} label={t('overview.link.activity')} />
        {relink.isError ? <Alert id={errorId}>{t('overview.link.failed')}</Alert> : null}
        <FormActions align="end">
          <Button variant="secondary" onClick={onClose} disabled={relink.isPending}>
            {t('overview.link.cancel')}
          </Button>
          <Button type="submit" busy={relink.isPending}>
            {t('overview.link.save')}
          </Button>
        </FormActions>
      </form>
    </Modal>
  );
}

/** The 'Koppeling' cell of a narrow screen: the link, and 'Koppelen' opening the dialog. */
function PhoneLinkCell(props: LinkCellsProps) {
  const { t } = useTranslation('payments');
  const { row } = props;
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState(0);
  const { date, amount } = useRowTexts(row);
  const linked =
    row.initiative_name === null
      ? t('overview.link.none')
      : [row.initiative_name, row.activity_name].filter(Boolean).join(' · ');
  return (
    <td className={styles.phoneOnly}>
      <div className={styles.phoneLink}>
        <span className={row.initiative_id === null ? styles.unlinkedText : undefined}>
          {linked}
        </span>
        <Button
          variant="secondary"
          aria-label={t('overview.link.openLabel', { date, amount })}
          data-link-focus={`dialog-${row.id}`}
          onClick={() => {
            setSession((n) => n + 1);
            setOpen(true);
          }}
        >
          {t('overview.link.save')}
        </Button>
      </div>
      {/* A new dialog each time: its choice starts from the saved link. */}
      <LinkDialog key={session} {...props} open={open} onClose={() => setOpen(false)} />
    </td>
  );
}

/** The row's link cells: the narrow screen's 'Koppeling', then Initiatief and Activiteit. */
export function LinkCells({ row, userId, onLinked }: LinkCellsProps) {
  const { t } = useTranslation('payments');
  const { relink, save, texts } = useRowSave(row, userId, onLinked);
  const saved = linkOf(row);
  const [draft, setDraft] = useState<LinkState | null>(null);
  const lastChosen = useRef<'initiative' | 'activity'>('initiative');
  const focusLater = useFocusAfterRender();
  const errorId = useId();
  const shown = draft ?? saved;
  const dirty = !sameLink(shown, saved);
  const suggestion = openSuggestion(row);
  const shared = {
    row,
    draft: shown,
    labelHidden: true,
    busy: relink.isPending,
    describedBy: relink.isError ? errorId : undefined,
  };
  return (
    <>
      <PhoneLinkCell row={row} userId={userId} onLinked={onLinked} />
      <td className={`${styles.wide} ${styles.linkColumn}`}>
        <InitiativeSelect
          {...shared}
          label={t('overview.link.initiativeLabel', texts)}
          focusKey={`initiative-${row.id}`}
          onDraft={(next) => {
            lastChosen.current = 'initiative';
            setDraft(next);
          }}
        />
        {suggestion && !dirty ? (
          <SuggestionHint
            suggestion={suggestion}
            payment={texts}
            busy={relink.isPending}
            onAccept={() =>
              save(suggestedLink(suggestion), 'inline', () =>
                focusLater(() => focusLinkControl(row.id, 'inline')),
              )
            }
          />
        ) : null}
      </td>
      <td className={`${styles.wide} ${styles.linkColumn}`}>
        <div className={styles.linkActions}>
          <ActivitySelect
            {...shared}
            label={t('overview.link.activityLabel', texts)}
            focusKey={`activity-${row.id}`}
            onDraft={(next) => {
              lastChosen.current = 'activity';
              setDraft(next);
            }}
          />
          {dirty || relink.isPending ? (
            <Button
              busy={relink.isPending}
              aria-label={t('overview.link.saveLabel', texts)}
              onClick={() =>
                save(shown, 'inline', () => {
                  setDraft(null);
                  focusLater(() =>
                    focusLinkControl(row.id, 'inline', lastChosen.current === 'activity'),
                  );
                })
              }
            >
              {t('overview.link.save')}
            </Button>
          ) : null}
        </div>
        {relink.isError ? <FailedText id={errorId} /> : null}
      </td>
    </>
  );
}
