/**
 * Dialogs, on Radix Dialog (focus trap, Esc, aria-modal, aria-labelledby → title).
 *
 * - the backdrop and the close button close it; Esc closes it; focus starts in the first field;
 * - closing is ignored while `busy` (an action is in progress);
 * - it fades in and out in 300 ms (CSS; instant with prefers-reduced-motion).
 *
 * Modals are addressable by URL: a modal is a nested route whose element renders `<RouteModal>`;
 * closing fades out and then navigates to the parent route (see useRouteModal).
 */
import { Dialog } from 'radix-ui';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, type NavigateOptions, type To } from 'react-router';
import { CloseIcon } from './icons';
import styles from './Modal.module.css';

/** Modal fade duration (docs/spec-map.md §9); keep in sync with --duration-modal in tokens.css. */
export const MODAL_ANIMATION_MS = 300;

export interface ModalProps {
  open: boolean;
  /** Asked to close (backdrop, close button, Esc); not called while `busy`. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  busy?: boolean;
  size?: 'small' | 'medium' | 'large';
  children?: ReactNode;
}

export function Modal({
  open,
  onClose,
  title,
  description,
  busy = false,
  size = 'medium',
  children,
}: ModalProps) {
  const { t } = useTranslation();
  const handleOpenChange = (next: boolean) => {
    if (!next && !busy) onClose();
  };
  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.content} ${styles[size]}`}
          aria-busy={busy || undefined}
          onOpenAutoFocus={focusFirstField}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                className={styles.close}
                aria-label={t('actions.close')}
                title={t('actions.close')}
                disabled={busy}
              >
                <CloseIcon />
              </button>
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          ) : null}
          <div className={styles.body}>{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * On open, focus goes to the first form field (or an element marked `data-autofocus`) instead of
 * the close button; without fields Radix's default (first focusable element) applies.
 */
function focusFirstField(event: Event) {
  const content = event.currentTarget as HTMLElement | null;
  const target = content?.querySelector<HTMLElement>(
    '[data-autofocus], input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)',
  );
  if (target) {
    event.preventDefault();
    target.focus();
  }
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/**
 * State of a modal that is a route: open on mount; `close()` starts the fade-out and navigates to
 * `to` (default: the parent route, `..`) after 300 ms. `close(to)` overrides the destination
 * (e.g. after a successful save, go to the new item).
 */
export function useRouteModal(defaultTo: To = '..') {
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const close = useCallback(
    (to: To = defaultTo, options?: NavigateOptions) => {
      setOpen(false);
      clearTimeout(timer.current);
      timer.current = setTimeout(
        () => void navigate(to, options),
        prefersReducedMotion() ? 0 : MODAL_ANIMATION_MS,
      );
    },
    [navigate, defaultTo],
  );

  return { open, close };
}

export interface RouteModalProps extends Omit<ModalProps, 'open' | 'onClose' | 'children'> {
  /** Where closing goes; default the parent route. */
  closeTo?: To;
  children?: ReactNode | ((close: (to?: To, options?: NavigateOptions) => void) => ReactNode);
}

/** A modal that is a route: `<Route path="add-user" element={<RouteModal title=…>…</RouteModal>} />`. */
export function RouteModal({ closeTo = '..', children, ...props }: RouteModalProps) {
  const { open, close } = useRouteModal(closeTo);
  return (
    <Modal {...props} open={open} onClose={() => close()}>
      {typeof children === 'function' ? children(close) : children}
    </Modal>
  );
}
