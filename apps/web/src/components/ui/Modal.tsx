/**
 * Dialogs: a modal `role="dialog"` over the page, labelled by its title (and described by its
 * description).
 *
 * - focus starts on an element marked `data-autofocus` (a confirmation's safe action), else in the
 *   first field, else on the first focusable element of its body, never on the close button; a
 *   body that is still loading gets the focus in its first field once that appears, unless the
 *   user has moved it. Tab and Shift+Tab stay inside, and focus returns where it was on close;
 * - its actions (FormActions) stay in view at its bottom while the body scrolls;
 * - the page behind is inert and hidden from assistive technology, and does not scroll;
 * - the backdrop, the close button and Esc close it; closing is ignored while `busy` (an action is
 *   in progress); an Esc that a layer inside it (a date picker) has handled is left to that layer;
 * - it fades in and out in 300 ms (CSS; instant with prefers-reduced-motion).
 *
 * Modals are addressable by URL: a modal is a nested route whose element renders `<RouteModal>`;
 * closing fades out and then navigates to the parent route (see useRouteModal).
 *
 * It is our own rather than a dialog library's: what it does fits in this file, and /login (a
 * modal over /funds) stays within its JavaScript budget.
 */
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
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

/** Mounted while open and while its fade-out runs. */
export function Modal(props: ModalProps) {
  const [mounted, setMounted] = useState(props.open);
  if (props.open && !mounted) setMounted(true);
  const onClosed = useCallback(() => setMounted(false), []);
  return mounted ? createPortal(<Dialog {...props} onClosed={onClosed} />, document.body) : null;
}

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';
const FIELD =
  'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/** Where focus starts in the body: the marked element, the first field, the first focusable. */
function firstFocus(body: HTMLElement): HTMLElement | null {
  return (
    body.querySelector<HTMLElement>('[data-autofocus]') ??
    body.querySelector<HTMLElement>(FIELD) ??
    body.querySelector<HTMLElement>(FOCUSABLE)
  );
}

function Dialog({
  open,
  onClose,
  title,
  description,
  busy = false,
  size = 'medium',
  children,
  onClosed,
}: ModalProps & { onClosed: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const frame = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  // Where focus was when it opened (read before it moves in), to return it there on close.
  const [returnFocus] = useState(() => document.activeElement);
  const close = () => {
    if (!busy) onClose();
  };

  useEffect(() => {
    const dialog = content.current!;
    const restorePage = setPageBehind(frame.current!);
    const first = firstFocus(body.current!);
    (first ?? dialog).focus();
    // A body still loading (a spinner) has nothing to focus yet: its first field, once there.
    const arrived = new MutationObserver(() => {
      if (document.activeElement !== dialog) return arrived.disconnect();
      const later = firstFocus(body.current!);
      if (!later) return;
      arrived.disconnect();
      later.focus();
    });
    if (!first) arrived.observe(body.current!, { childList: true, subtree: true });
    return () => {
      arrived.disconnect();
      restorePage();
      if (returnFocus instanceof HTMLElement && returnFocus.isConnected) returnFocus.focus();
    };
  }, [returnFocus]);

  useEffect(() => {
    if (open) return;
    // Gone once the fade-out has run; at once where there is none (reduced motion).
    const dialog = content.current!;
    const { animationName } = getComputedStyle(dialog);
    if (!animationName || animationName === 'none') return onClosed();
    const faded = (event: AnimationEvent) => {
      if (event.target === dialog) onClosed();
    };
    dialog.addEventListener('animationend', faded);
    const fallback = setTimeout(onClosed, 2 * MODAL_ANIMATION_MS);
    return () => {
      dialog.removeEventListener('animationend', faded);
      clearTimeout(fallback);
    };
  }, [open, onClosed]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys from a layer portalled out of the dialog (React bubbles them here) are that layer's.
    if (!content.current?.contains(event.target as Node)) return;
    if (event.key === 'Escape') {
      if (event.nativeEvent.defaultPrevented) return;
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      keepFocusInside(content.current, event);
    }
  };

  const state = open ? 'open' : 'closed';
  return (
    <div ref={frame}>
      {/* The backdrop is a pointer's way out; Esc and the close button are the keyboard's. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div className={styles.overlay} data-state={state} onClick={close} />
      {/* A dialog handles its own keys: Esc closes it, Tab stays inside. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={content}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        aria-busy={busy || undefined}
        tabIndex={-1}
        data-state={state}
        className={`${styles.content} ${styles[size]}`}
        onKeyDown={onKeyDown}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button
            type="button"
            className={styles.close}
            aria-label={t('actions.close')}
            title={t('actions.close')}
            disabled={busy}
            onClick={close}
          >
            <CloseIcon />
          </button>
        </div>
        {description ? (
          <p id={descriptionId} className={styles.description}>
            {description}
          </p>
        ) : null}
        <div ref={body} className={styles.body}>
          {children}
        </div>
      </div>
    </div>
  );
}

/** Tab from the last focusable element goes to the first, Shift+Tab from the first to the last. */
function keepFocusInside(dialog: HTMLElement, event: KeyboardEvent) {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) =>
      !element.closest('[hidden], [inert]') &&
      (typeof element.checkVisibility !== 'function' || element.checkVisibility()),
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Makes everything beside the dialog's frame inert and hidden from assistive technology, and stops
 * the page from scrolling (keeping the scrollbar's room, so that nothing shifts); returns the undo.
 */
function setPageBehind(frame: HTMLElement): () => void {
  const hidden = [...document.body.children].filter(
    (element): element is HTMLElement =>
      element instanceof HTMLElement &&
      !element.contains(frame) &&
      element.getAttribute('aria-hidden') !== 'true',
  );
  for (const element of hidden) {
    element.setAttribute('aria-hidden', 'true');
    element.setAttribute('inert', '');
  }
  const { style } = document.body;
  const before = { overflow: style.overflow, paddingRight: style.paddingRight };
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  style.overflow = 'hidden';
  if (scrollbar > 0) style.paddingRight = `${scrollbar}px`;
  return () => {
    for (const element of hidden) {
      element.removeAttribute('aria-hidden');
      element.removeAttribute('inert');
    }
    style.overflow = before.overflow;
    style.paddingRight = before.paddingRight;
  };
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
