/**
 * Tabs of the detail layout are URLs (docs/spec-map.md §2.2): /funds/{id}/{tab} for an initiative and
 * /funds/{id}/activities/{activityId}/{tab} for an activity. The same tab has one key here and
 * the spec's segment in the URL (an activity's sponsors tab is 'sponsors', an initiative's
 * 'sponsoren').
 */
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

export type TabKey = 'payments' | 'activities' | 'details' | 'sponsors' | 'media' | 'owners';

export interface TabDef {
  key: TabKey;
  segment: string;
}

export const INITIATIVE_TABS: readonly TabDef[] = [
  { key: 'payments', segment: 'transactieoverzicht' },
  { key: 'activities', segment: 'activiteiten' },
  { key: 'details', segment: 'details' },
  { key: 'sponsors', segment: 'sponsoren' },
  { key: 'media', segment: 'media' },
  { key: 'owners', segment: 'gebruikers' },
];

export const ACTIVITY_TABS: readonly TabDef[] = [
  { key: 'payments', segment: 'transactieoverzicht' },
  { key: 'details', segment: 'details' },
  { key: 'sponsors', segment: 'sponsors' },
  { key: 'media', segment: 'media' },
  { key: 'owners', segment: 'gebruikers' },
];

const SEGMENTS: Record<string, TabKey> = {
  transactieoverzicht: 'payments',
  activiteiten: 'activities',
  details: 'details',
  sponsoren: 'sponsors',
  sponsors: 'sponsors',
  media: 'media',
  gebruikers: 'owners',
};

/** Navigation state of a modal link: the tab to show under the modal and to return to. */
export interface TabState {
  tab?: string;
}

/**
 * The tab shown at `base` (e.g. '/funds/3'): the segment after it when it names one of `tabs`
 * (also under 'gebruikers/link-owners'), else the tab a modal link passed in its state, else the
 * first tab. A name slug (/funds/3/buurttuin-oost) shows the first tab.
 */
export function useActiveTab(base: string, tabs: readonly TabDef[]): TabDef {
  const location = useLocation();
  const rest = location.pathname.startsWith(`${base}/`)
    ? location.pathname.slice(base.length + 1)
    : '';
  const fromState = (location.state as TabState | null)?.tab;
  const find = (segment: string | undefined) => {
    const key = segment === undefined ? undefined : SEGMENTS[segment];
    return tabs.find((tab) => tab.key === key);
  };
  return find(rest.split('/')[0]) ?? find(fromState) ?? tabs[0]!;
}

/** Content a route module plugs into the layout from features below this one. */
export interface SpendingUnitScope {
  initiativeId: number;
  activityId?: number;
}

export interface DetailSlots {
  /** Transactieoverzicht (the payments feature's table). */
  payments: (scope: SpendingUnitScope) => ReactNode;
  /** Media (the media feature's gallery). */
  media: (scope: SpendingUnitScope) => ReactNode;
}
