export { GrantModal, type GrantModalName } from './GrantsPlaceholders';
