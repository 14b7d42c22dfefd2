import type { EntityClass } from '@helder/shared/permissions';
import { SEEN_BY, visibilityMatrix, type Scene } from '../../test/visibility';
import type { Caller } from '../../test/http';

/** Whether entity-access answers for the entity at all: a 404 keeps a hidden one unknown. */
const answers = async (
  s: Scene,
  as: Caller,
  kind: 'actions' | 'edit-fields',
  entityClass: EntityClass,
  id: number,
) =>
  (await s.read(`/auth/entity-access/${kind}?entity_class=${entityClass}&entity_id=${id}`, as)) !==
  null;

visibilityMatrix([
  {
    read: 'GET /auth/entity-access/actions of the hidden initiative',
    seenBy: SEEN_BY.insidersOfHidden,
    reveals: (s, as) => answers(s, as, 'actions', 'Initiative', s.hiddenInitiative.id),
  },
  {
    read: 'GET /auth/entity-access/edit-fields of the hidden initiative',
    seenBy: SEEN_BY.insidersOfHidden,
    reveals: (s, as) => answers(s, as, 'edit-fields', 'Initiative', s.hiddenInitiative.id),
  },
  {
    read: 'GET /auth/entity-access/actions of the initiative with hidden sponsors',
    seenBy: SEEN_BY.everyone,
    reveals: (s, as) => answers(s, as, 'actions', 'Initiative', s.discreetInitiative.id),
  },
  {
    read: 'GET /auth/entity-access/actions of a public activity in the hidden initiative',
    seenBy: SEEN_BY.insidersOfHidden,
    reveals: (s, as) => answers(s, as, 'actions', 'Activity', s.activityInHidden.id),
  },
  {
    read: 'GET /auth/entity-access/actions of a hidden activity',
    seenBy: SEEN_BY.insidersOfOpen,
    reveals: (s, as) => answers(s, as, 'actions', 'Activity', s.hiddenActivity.id),
  },
  {
    read: 'GET /auth/entity-access/actions of a hidden user',
    seenBy: SEEN_BY.hiddenUser,
    reveals: (s, as) => answers(s, as, 'actions', 'User', s.hiddenUser.id),
  },
]);
