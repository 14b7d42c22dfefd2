// What the initiative and activity detail show from features below them: the Transactieoverzicht
// (payments) and the Media tab (media). Used by the initiatives and activities route modules.
import type { DetailSlots } from '../../features/initiatives';
import { MediaGallery } from '../../features/media';
import { PaymentsTable } from '../../features/payments';

export const detailSlots: DetailSlots = {
  payments: ({ initiativeId, activityId }) => (
    <PaymentsTable scope={{ initiativeId, activityId }} />
  ),
  media: (scope) => <MediaGallery {...scope} />,
};
