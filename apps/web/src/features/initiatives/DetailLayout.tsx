/**
 * The one detail layout of initiatives and activities (docs/spec-map.md §2.7): breadcrumb, header
 * (picture, name, description preview with 'Lees meer' / 'Lees minder'), the action buttons, the
 * budget cards ('Toegekend budget' with 'Waarvan ontvangen', 'Ontvangen', 'Besteed', 'Beschikbaar
 * budget' with how far it is overspent), the tabs (links: every tab is a URL) and the active tab's content.
 */
import { formatEuro } from '@helder/shared/money';
import type { Initiative } from '@helder/shared/initiatives';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Breadcrumbs, type Crumb } from '../../components/ui/Breadcrumbs';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { PencilIcon, TrashIcon } from '../../components/ui/icons';
import { BudgetBar } from './BudgetBar';
import { budgetFigures, previewText, type Money } from './figures';
import { OverBudget } from './OverBudget';
import { SpendingUnitPicture } from './SpendingUnitPicture';
import styles from './detail.module.css';
import parts from './parts.module.css';
import type { TabDef } from './tabs';

type DetailEntity = Money & Pick<Initiative, 'name' | 'description' | 'hidden' | 'profile_picture'>;

interface DetailTab extends TabDef {
  label: string;
  to: string;
}

export interface DetailLayoutProps {
  breadcrumbs: Crumb[];
  /** The initiative or activity; null while it loads or when it failed (see `status`). */
  entity: DetailEntity | null;
  /** The name to show while loading (navigation state), else the generic title. */
  fallbackTitle: string;
  /** A spinner or an error instead of the content. */
  status?: ReactNode;
  /** Accessible name of the action button group. */
  actionsLabel: string;
  /** The edit and delete links, each given only when the caller may take it. */
  actions: DetailActions;
  tabsLabel: string;
  tabs: DetailTab[];
  activeTab: TabDef;
  children?: ReactNode;
  /** Below the tabs, whichever is open: the history, for administrators. */
  footer?: ReactNode;
}

interface DetailActions {
  edit?: { to: string; label: string } | false;
  remove?: { to: string; label: string } | false;
  /** Navigation state the modals return with (the name shown while the page reloads). */
  state?: unknown;
  /** Actions open to every reader (the verantwoording download). */
  extra?: ReactNode;
}

/** The description, cut at 250 characters with 'Lees meer' / 'Lees minder'. */
function ReadMore({ text }: { text: string }) {
  const { t } = useTranslation('initiatives');
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const preview = previewText(text);
  return (
    <div className={styles.description}>
      <p id={id} className={styles.descriptionText}>
        {expanded || !preview.truncated ? text : preview.text}
      </p>
      {preview.truncated ? (
        <button
          type="button"
          className={styles.linkButton}
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? t('detail.readLess') : t('detail.readMore')}
        </button>
      ) : null}
    </div>
  );
}

const InfoIcon = () => (
  <svg
    width={18}
    height={18}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    aria-hidden="true"
    focusable="false"
  >
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6M12 7.5v.01" />
  </svg>
);

/**
 * 'Waarvan ontvangen' (docs/spec-map.md §2.7): a button whose description is the received amount,
 * shown as a tooltip on hover and focus, and toggled by clicking (touch); Esc hides it.
 */
function ReceivedInfo({ amount }: { amount: number }) {
  const { t } = useTranslation('initiatives');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      setOpen(false);
      setDismissed(true);
    }
  };
  return (
    <span className={styles.info} data-open={open} data-dismissed={dismissed}>
      <button
        type="button"
        className={styles.infoButton}
        aria-label={t('budget.received')}
        aria-describedby={id}
        aria-expanded={open}
        onClick={() => {
          setOpen((value) => !value);
          setDismissed(false);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setDismissed(false);
        }}
      >
        <InfoIcon />
      </button>
      <span id={id} role="tooltip" className={styles.tooltip}>
        {t('budget.receivedAmount', { amount: formatEuro(amount) })}
      </span>
    </span>
  );
}

function Figures({ money }: { money: Money }) {
  const { t } = useTranslation('initiatives');
  const figures = budgetFigures(money);
  return (
    <div className={styles.figuresBlock}>
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>
            {t('budget.allocated')}
            <ReceivedInfo amount={figures.received} />
          </dt>
          <dd>{formatEuro(figures.allocated)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('budget.income')}</dt>
          <dd>{formatEuro(figures.received)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('budget.spent')}</dt>
          <dd>{formatEuro(figures.spent)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('budget.available')}</dt>
          <dd>{formatEuro(figures.available)}</dd>
          {figures.overspent > 0 ? (
            <dd className={styles.figureNote}>
              <OverBudget amount={figures.overspent} />
            </dd>
          ) : null}
        </div>
      </dl>
      <BudgetBar money={money} />
    </div>
  );
}

export function DetailLayout({
  breadcrumbs,
  entity,
  fallbackTitle,
  status,
  actionsLabel,
  actions,
  tabsLabel,
  tabs,
  activeTab,
  children,
  footer,
}: DetailLayoutProps) {
  const { t } = useTranslation('initiatives');
  const titleId = useId();
  const panelTitleId = useId();
  const name = entity?.name ?? fallbackTitle;
  const active = tabs.find((tab) => tab.key === activeTab.key);
  const tabRow = useRef<HTMLUListElement>(null);
  const shown = entity !== null;

  // The tab row scrolls sideways on a narrow screen: the current tab must be in it, not beyond.
  useEffect(() => {
    const row = tabRow.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current) return;
    const box = row.getBoundingClientRect();
    const tab = current.getBoundingClientRect();
    if (tab.left < box.left || tab.right > box.right) {
      row.scrollLeft += tab.left - box.left - (box.width - tab.width) / 2;
    }
  }, [activeTab.key, shown]);

  return (
    <article className={styles.detail} aria-labelledby={titleId}>
      <Breadcrumbs label={t('detail.breadcrumbs')} items={breadcrumbs} />
      <header className={styles.header}>
        {entity ? (
          <SpendingUnitPicture
            picture={entity.profile_picture}
            name={entity.name}
            size="header"
            alt={t('detail.picture', { name })}
          />
        ) : null}
        <div className={styles.headerText}>
          <h1 id={titleId} className={styles.title}>
            {name}
            {entity?.hidden ? <span className={parts.badge}>{t('labels.hidden')}</span> : null}
          </h1>
          {entity?.description ? <ReadMore text={entity.description} /> : null}
          {entity && (actions.edit || actions.remove || actions.extra) ? (
            <div className={styles.actions} role="group" aria-label={actionsLabel}>
              {actions.edit ? (
                <ButtonLink
                  to={actions.edit.to}
                  state={actions.state}
                  variant="primary"
                  icon={<PencilIcon size={18} />}
                >
                  {actions.edit.label}
                </ButtonLink>
              ) : null}
              {actions.remove ? (
                <ButtonLink
                  to={actions.remove.to}
                  state={actions.state}
                  icon={<TrashIcon size={18} />}
                >
                  {actions.remove.label}
                </ButtonLink>
              ) : null}
              {actions.extra}
            </div>
          ) : null}
        </div>
      </header>

      {entity ? (
        <>
          <Figures money={entity} />
          <nav className={styles.tabs} aria-label={tabsLabel}>
            <ul ref={tabRow} className="scroll-row">
              {tabs.map((tab) => (
                <li key={tab.key}>
                  <Link
                    to={tab.to}
                    className={`tab-link ${styles.tab}`}
                    aria-current={tab.key === activeTab.key ? 'page' : undefined}
                    preventScrollReset
                  >
                    {tab.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <section className={styles.panel} aria-labelledby={panelTitleId}>
            <h2 id={panelTitleId} className="visually-hidden">
              {active?.label}
            </h2>
            {children}
          </section>
          {footer}
        </>
      ) : (
        <div className={parts.state}>{status}</div>
      )}
    </article>
  );
}
