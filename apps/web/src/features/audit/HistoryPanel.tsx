/**
 * The 'Geschiedenis' panel of an entity (HistoryBody), shown to administrators only: for anyone
 * else it renders nothing and loads nothing, so no page's first load carries it.
 */
import type { EntityClass } from '@helder/shared/permissions';
import { lazy, Suspense } from 'react';
import { useIsAdmin } from './api';

export interface HistoryPanelProps {
  entityClass: EntityClass;
  entityId: number;
  /** The heading's level where it sits: 2 on a page, 3 under a dialog's or a profile's title. */
  level?: 2 | 3;
}

const HistoryBody = lazy(() =>
  import('./HistoryBody').then(({ HistoryBody }) => ({ default: HistoryBody })),
);

/** Renders nothing for anyone but an administrator; its catalog loads only for them. */
export function HistoryPanel(props: HistoryPanelProps) {
  if (!useIsAdmin()) return null;
  return (
    <Suspense fallback={null}>
      <HistoryBody {...props} />
    </Suspense>
  );
}
