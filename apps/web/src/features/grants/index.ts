/** Public entry of the grants feature. */
export { GrantList } from './GrantList';
export { AddGrantModal, DeleteGrantModal, EditGrantModal, OverseersModal } from './GrantModals';
