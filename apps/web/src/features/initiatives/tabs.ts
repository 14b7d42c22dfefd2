/**
 * Tabs of the detail layout are URLs (docs/spec-map.md §2.2): an initiative's tab follows its id,
 * an activity's its activity id. The same tab has one key here and the spec's segment in the URL
 * (see the tab segments in lib/paths).
 */
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import {
  ACTIVITY_TAB_SEGMENTS,
  INITIATIVE_TAB_SEGMENTS,
  type ActivityTab,
  type InitiativeTab,
} from '../../lib/paths';

export type TabKey = InitiativeTab | ActivityTab;

export interface TabDef<K extends TabKey = TabKey> {
  key: K;
  segment: string;
}

function tabDefs<K extends TabKey>(segments: Record<K, string>): readonly TabDef<K>[] {
  return (Object.entries(segments) as [K, string][]).map(([key, segment]) => ({ key, segment }));
}

export const INITIATIVE_TABS = tabDefs<InitiativeTab>(INITIATIVE_TAB_SEGMENTS);
export const ACTIVITY_TABS = tabDefs<ActivityTab>(ACTIVITY_TAB_SEGMENTS);

/** Both kinds' segments name a tab: an activity's 'sponsors' also opens an initiative's tab. */
const KEY_OF_SEGMENT = new Map<string, TabKey>(
  [...ACTIVITY_TABS, ...INITIATIVE_TABS].map((tab) => [tab.segment, tab.key]),
);

/** Navigation state of a modal link: the tab to show under the modal and to return to. */
export interface TabState {
  tab?: string;
}

/**
 * The tab shown at `base` (an initiative's or activity's URL without a tab): the segment after
 * it when it names one of `tabs` (also under 'gebruikers/link-owners'), else the tab a modal link
 * passed in its state, else the first tab. A name slug after `base` shows the first tab.
 */
export function useActiveTab<K extends TabKey>(
  base: string,
  tabs: readonly TabDef<K>[],
): TabDef<K> {
  const location = useLocation();
  const rest = location.pathname.startsWith(`${base}/`)
    ? location.pathname.slice(base.length + 1)
    : '';
  const fromState = (location.state as TabState | null)?.tab;
  const find = (segment: string | undefined) => {
    const key = segment === undefined ? undefined : KEY_OF_SEGMENT.get(segment);
    return tabs.find((tab) => tab.key === key);
  };
  return find(rest.split('/')[0]) ?? find(fromState) ?? tabs[0]!;
}

/** Content a route module plugs into the layout from features below this one. */
interface SpendingUnitScope {
  initiativeId: number;
  activityId?: number;
}

export interface DetailSlots {
  /** Transactieoverzicht (the payments feature's table). */
  payments: (scope: SpendingUnitScope) => ReactNode;
  /**
   * A hook, called on every render: starts the Transactieoverzicht's requests while the
   * initiative or activity loads, when `shown` (its tab is the active one).
   */
  usePaymentsEarly: (scope: SpendingUnitScope, shown: boolean) => void;
  /** Media (the media feature's gallery). */
  media: (scope: SpendingUnitScope) => ReactNode;
  /** 'Verantwoording downloaden' (the payments feature's package download). */
  verantwoording: (scope: SpendingUnitScope) => ReactNode;
}
