/** Public entry of the grants feature. */
export { grantsQueries, useGrant } from './api';
export { GrantList } from './GrantList';
export { AddGrantModal, DeleteGrantModal, EditGrantModal, OverseersModal } from './GrantModals';
