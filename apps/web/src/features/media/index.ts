/** Public entry of the media feature. */
export { MediaGallery } from './MediaGallery';
export type { MediaScope } from './api';
