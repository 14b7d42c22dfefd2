// What the initiative and activity detail show from features below them: the Transactieoverzicht
// (payments) and the Media tab (media). Used by the initiatives and activities route modules.
// The gallery and its catalog load when the Media tab opens: most visits never do.
import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/ui/Spinner';
import type { DetailSlots } from '../../features/initiatives';
import { PaymentsTab, usePaymentsEarly, VerantwoordingButton } from '../../features/payments';

const MediaGallery = lazy(() =>
  import('../../features/media').then(({ MediaGallery }) => ({
    default: MediaGallery,
  })),
);

export const detailSlots: DetailSlots = {
  payments: ({ initiativeId, activityId }) => <PaymentsTab scope={{ initiativeId, activityId }} />,
  usePaymentsEarly,
  verantwoording: ({ initiativeId, activityId }) => (
    <VerantwoordingButton scope={{ initiativeId, activityId }} />
  ),
  media: (scope) => (
    <Suspense fallback={<Spinner />}>
      <MediaGallery {...scope} />
    </Suspense>
  ),
};
