/**
 * Step 1 of linking a bank: the banks that can be linked (logo and name), filtered by a search
 * on the name. Each bank is a button; the arrow keys move between them (and from the search box
 * into the list), Home and End to the first and last, Tab leaves the list.
 */
import type { Institution } from '@helder/shared/bank-accounts';
import {
  useDeferredValue,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { BankIcon, ChevronRightIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { errorText } from '../../lib/error-text';
import { useInstitutions } from './api';
import styles from './bank-accounts.module.css';
import { BankLogo } from './BankLogo';

/** Lower case without accents, so 'societe' finds 'Société Générale'. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** The next button to focus for a key, or undefined when the key is not ours. */
function nextIndex(key: string, current: number, count: number): number | undefined {
  if (key === 'ArrowDown') return Math.min(current + 1, count - 1);
  if (key === 'ArrowUp') return Math.max(current - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

function InstitutionList({
  institutions,
  label,
  listRef,
  onPick,
}: {
  institutions: Institution[];
  label: string;
  listRef: RefObject<HTMLUListElement | null>;
  onPick: (institution: Institution) => void;
}) {
  const move = (event: KeyboardEvent<HTMLUListElement>) => {
    const buttons = [...(listRef.current?.querySelectorAll('button') ?? [])];
    const current = buttons.findIndex((button) => button === document.activeElement);
    const next = nextIndex(event.key, current, buttons.length);
    if (next === undefined) return;
    event.preventDefault();
    buttons[next]?.focus();
  };
  return (
    // The arrow keys are a shortcut between the buttons inside; each is reachable by Tab too.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <ul ref={listRef} className={styles.institutions} aria-label={label} onKeyDown={move}>
      {institutions.map((institution) => (
        <li key={institution.id}>
          <button
            type="button"
            className={styles.institutionOption}
            onClick={() => onPick(institution)}
          >
            <BankLogo name={institution.name} logo={institution.logo} size={32} />
            <span className={styles.institutionOptionName}>{institution.name}</span>
            <ChevronRightIcon size={18} />
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The banks as far as they are there: loading, failed (with a retry), none at all, none that
 * match, or the list.
 */
function Banks({
  search,
  listRef,
  onPick,
}: {
  search: string;
  listRef: RefObject<HTMLUListElement | null>;
  onPick: (institution: Institution) => void;
}) {
  const { t } = useTranslation('bank-accounts');
  const { t: tc } = useTranslation();
  const query = useInstitutions();
  const term = fold(useDeferredValue(search));

  if (query.isPending) return <Spinner label={t('link.pick.loading')} />;
  if (query.isError) {
    return (
      <div className={styles.state}>
        <Alert>
          <p>{t('link.pick.loadFailed')}</p>
          <p>{tc('errors.loadFailed', { message: errorText(query.error) })}</p>
        </Alert>
        <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
          {t('link.pick.retry')}
        </Button>
      </div>
    );
  }
  const all = query.data.institutions;
  if (all.length === 0) {
    return <EmptyState title={t('link.pick.none')} icon={<BankIcon size={32} />} />;
  }
  const shown = term ? all.filter((institution) => fold(institution.name).includes(term)) : all;
  return (
    <>
      <p role="status" className="visually-hidden">
        {shown.length === 1
          ? t('link.pick.countOne')
          : t('link.pick.countMany', { n: shown.length })}
      </p>
      {shown.length === 0 ? (
        <p className={styles.muted}>{t('link.pick.noMatch', { term: search.trim() })}</p>
      ) : (
        <InstitutionList
          institutions={shown}
          label={t('link.pick.listLabel')}
          listRef={listRef}
          onPick={onPick}
        />
      )}
    </>
  );
}

export function InstitutionPicker({ onPick }: { onPick: (institution: Institution) => void }) {
  const { t } = useTranslation('bank-accounts');
  const id = useId();
  const [search, setSearch] = useState('');
  const list = useRef<HTMLUListElement>(null);
  // The search box is there at once, while the banks load: the modal starts in it.
  return (
    <div className={styles.picker}>
      <TextField
        type="search"
        label={t('link.pick.search')}
        hint={t('link.pick.searchHint')}
        value={search}
        autoComplete="off"
        aria-controls={`${id}-list`}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown') return;
          event.preventDefault();
          list.current?.querySelector('button')?.focus();
        }}
      />
      <div id={`${id}-list`}>
        <Banks search={search} listRef={list} onPick={onPick} />
      </div>
    </div>
  );
}
