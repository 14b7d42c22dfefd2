/**
 * A small month calendar to pick a day (docs/spec-map.md §9: weeks start on Monday): a grid of
 * day buttons with one tab stop. Arrow keys move a day or a week, Home and End to the start or
 * end of the week, Page Up and Page Down a month (with Shift a year); Enter or Space picks the
 * day. Month and weekday names come from date-fns in the interface language.
 */
import {
  addDays,
  addMonths,
  addYears,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isSameDay,
  isSameMonth,
  startOfMonth,
  startOfWeek,
  type Locale,
} from 'date-fns';
import { enGB, fy, nl } from 'date-fns/locale';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronRightIcon } from '../../components/ui/icons';
import type { IsoDay } from '../../lib/dates';
import styles from './date-field.module.css';

const WEEK = { weekStartsOn: 1 } as const;
const LOCALES: Record<string, Locale> = { nl, en: enGB, fy };

const toIso = (date: Date) => format(date, 'yyyy-MM-dd') as IsoDay;
const fromIso = (day: IsoDay) => {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
};

export interface CalendarProps {
  /** The chosen day, shown selected and focused first. */
  selected: IsoDay | null;
  onSelect: (day: IsoDay) => void;
}

export function Calendar({ selected, onSelect }: CalendarProps) {
  const { t, i18n } = useTranslation('payment-forms');
  const locale = LOCALES[i18n.language] ?? nl;
  const titleId = useId();
  const keysId = useId();
  const [active, setActive] = useState(() => (selected ? fromIso(selected) : new Date()));
  const activeButton = useRef<HTMLButtonElement>(null);
  // Focus follows the active day on opening and after a key moved it, not after a month button.
  const focusActive = useRef(true);

  useEffect(() => {
    if (!focusActive.current) return;
    focusActive.current = false;
    activeButton.current?.focus();
  }, [active]);

  const month = startOfMonth(active);
  const days = eachDayOfInterval({
    start: startOfWeek(month, WEEK),
    end: endOfWeek(endOfMonth(month), WEEK),
  });
  const weeks = Array.from({ length: days.length / 7 }, (_, week) =>
    days.slice(week * 7, week * 7 + 7),
  );
  const today = new Date();

  const moveTo = (date: Date) => {
    focusActive.current = true;
    setActive(date);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const step: Record<string, () => Date> = {
      ArrowLeft: () => addDays(active, -1),
      ArrowRight: () => addDays(active, 1),
      ArrowUp: () => addDays(active, -7),
      ArrowDown: () => addDays(active, 7),
      Home: () => startOfWeek(active, WEEK),
      End: () => endOfWeek(active, WEEK),
      PageUp: () => (event.shiftKey ? addYears(active, -1) : addMonths(active, -1)),
      PageDown: () => (event.shiftKey ? addYears(active, 1) : addMonths(active, 1)),
    };
    const next = step[event.key];
    if (!next) return;
    event.preventDefault();
    moveTo(next());
  };

  return (
    <div className={styles.calendar}>
      <div className={styles.calendarHeader}>
        <button
          type="button"
          className={styles.calendarNav}
          aria-label={t('date.previousMonth')}
          onClick={() => setActive(addMonths(active, -1))}
        >
          <ChevronRightIcon className={styles.flipped} />
        </button>
        <p id={titleId} className={styles.calendarTitle} aria-live="polite">
          {format(month, 'LLLL yyyy', { locale })}
        </p>
        <button
          type="button"
          className={styles.calendarNav}
          aria-label={t('date.nextMonth')}
          onClick={() => setActive(addMonths(active, 1))}
        >
          <ChevronRightIcon />
        </button>
      </div>
      <p id={keysId} className="visually-hidden">
        {t('date.keys')}
      </p>
      <table
        role="grid"
        className={styles.calendarGrid}
        aria-labelledby={titleId}
        aria-describedby={keysId}
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {weeks[0]?.map((day) => (
              <th key={day.getDay()} scope="col" abbr={format(day, 'EEEE', { locale })}>
                {format(day, 'EEEEEE', { locale })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={toIso(week[0] ?? month)}>
              {week.map((day) => {
                const isActive = isSameDay(day, active);
                const isSelected = selected !== null && toIso(day) === selected;
                return (
                  <td key={toIso(day)} role="gridcell" aria-selected={isSelected}>
                    <button
                      ref={isActive ? activeButton : undefined}
                      type="button"
                      tabIndex={isActive ? 0 : -1}
                      className={styles.day}
                      data-outside={!isSameMonth(day, month) || undefined}
                      data-selected={isSelected || undefined}
                      aria-label={format(day, 'EEEE d MMMM yyyy', { locale })}
                      aria-current={isSameDay(day, today) ? 'date' : undefined}
                      onClick={() => onSelect(toIso(day))}
                      onFocus={() => {
                        if (!isActive) setActive(day);
                      }}
                    >
                      {format(day, 'd')}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
